export default definePageConfig({
  navigationBarTitleText: '模拟考试',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
