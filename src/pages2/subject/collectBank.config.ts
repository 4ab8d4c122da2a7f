export default definePageConfig({
  navigationBarTitleText: '收藏夹',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
