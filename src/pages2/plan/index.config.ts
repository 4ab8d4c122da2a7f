export default definePageConfig({
  navigationBarTitleText: '学习计划',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
