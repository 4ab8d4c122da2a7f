export default definePageConfig({
  navigationBarTitleText: '免费试卷',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
