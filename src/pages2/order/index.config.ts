export default definePageConfig({
  navigationBarTitleText: '我的订单',
  onReachBottomDistance: 50,
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
