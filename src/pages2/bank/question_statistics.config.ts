export default definePageConfig({
  navigationBarTitleText: '学习统计',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
