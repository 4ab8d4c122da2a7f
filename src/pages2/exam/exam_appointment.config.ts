export default definePageConfig({
  navigationBarTitleText: '考试须知',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
