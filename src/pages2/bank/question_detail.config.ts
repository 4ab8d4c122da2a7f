export default definePageConfig({
  navigationBarTitleText: '题目预览',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
