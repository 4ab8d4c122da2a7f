export default definePageConfig({
  navigationBarTitleText: '做题记录',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
