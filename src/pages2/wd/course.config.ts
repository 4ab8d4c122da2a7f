export default definePageConfig({
  navigationBarTitleText: '全部课程',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
