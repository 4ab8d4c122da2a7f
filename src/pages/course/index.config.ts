export default definePageConfig({
  navigationBarTitleText: '选课中心',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
