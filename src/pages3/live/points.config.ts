export default definePageConfig({
  navigationBarTitleText: '我的积分',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
