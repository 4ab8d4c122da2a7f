export default definePageConfig({
  navigationBarTitleText: '发票',
  onReachBottomDistance: 50,
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
