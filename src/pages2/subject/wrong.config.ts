export default definePageConfig({
  navigationBarTitleText: '错题列表',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
