export default definePageConfig({
  navigationBarTitleText: '学习',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
