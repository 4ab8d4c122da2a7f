export default definePageConfig({
  navigationBarTitleText: '专项练习',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
