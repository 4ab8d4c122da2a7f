export default definePageConfig({
  navigationBarTitleText: '首页',
  onReachBottomDistance: 50,
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
