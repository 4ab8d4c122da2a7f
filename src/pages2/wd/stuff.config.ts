export default definePageConfig({
  navigationBarTitleText: '学习资料',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
