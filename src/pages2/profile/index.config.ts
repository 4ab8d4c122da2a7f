export default definePageConfig({
  navigationBarTitleText: '报名资料',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
