export default definePageConfig({
  navigationBarTitleText: '课程学习',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
