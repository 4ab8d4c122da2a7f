export default definePageConfig({
  navigationBarTitleText: '考试成绩',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
