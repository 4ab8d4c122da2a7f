export default definePageConfig({
  navigationBarTitleText: '学习',
  enablePullDownRefresh: true,
})
