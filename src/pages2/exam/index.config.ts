export default definePageConfig({
  navigationBarTitleText: '考试中心',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
