export default definePageConfig({
  navigationBarTitleText: '我的直播',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
