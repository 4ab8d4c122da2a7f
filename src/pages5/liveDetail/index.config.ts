export default definePageConfig({
  navigationBarTitleText: '直播课表',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
