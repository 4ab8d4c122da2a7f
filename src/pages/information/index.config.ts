export default definePageConfig({
  navigationBarTitleText: '课程资料',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
