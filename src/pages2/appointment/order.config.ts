export default definePageConfig({
  navigationStyle: 'custom',
  navigationBarTitleText: '确认培训预约',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
