export default definePageConfig({
  navigationBarTitleText: '我的笔记',
  enablePullDownRefresh: true,
})
