export default definePageConfig({
  navigationBarTitleText: '资讯',
  onReachBottomDistance: 50,
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
