export default definePageConfig({
  navigationBarTitleText: '模拟试卷',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
