export default definePageConfig({
  navigationBarTitleText: '我的网课',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
