export default definePageConfig({
  navigationBarTitleText: '考试记录',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
