export default definePageConfig({
  navigationBarTitleText: '题库',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
