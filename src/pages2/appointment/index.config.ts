export default definePageConfig({
  navigationStyle: 'custom',
  navigationBarTitleText: '考点预约',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
