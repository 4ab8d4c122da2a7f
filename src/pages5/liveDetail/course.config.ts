export default definePageConfig({
  navigationBarTitleText: '直播课程',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
