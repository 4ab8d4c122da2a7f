export default definePageConfig({
  navigationBarTitleText: '章节练习',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
