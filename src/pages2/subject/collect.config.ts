export default definePageConfig({
  navigationBarTitleText: '收藏的题目',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
