export default definePageConfig({
  navigationBarTitleText: '练习报告',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
