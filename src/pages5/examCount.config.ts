export default definePageConfig({
  navigationBarTitleText: '考试统计',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
