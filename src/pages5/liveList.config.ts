export default definePageConfig({
  navigationBarTitleText: '直播课',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
