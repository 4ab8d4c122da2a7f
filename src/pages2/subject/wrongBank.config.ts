export default definePageConfig({
  navigationBarTitleText: '错题本',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
