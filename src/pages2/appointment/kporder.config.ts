export default definePageConfig({
  navigationStyle: 'custom',
  navigationBarTitleText: '确认预约',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
