export default definePageConfig({
  navigationBarTitleText: '首选课程',
  enablePullDownRefresh: true,
  onReachBottomDistance: 50,
  backgroundTextStyle: 'dark',
})
