export default definePageConfig({
  navigationBarTitleText: '我的题库',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
