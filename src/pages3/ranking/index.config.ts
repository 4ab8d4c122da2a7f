export default definePageConfig({
  navigationBarTitleText: '学习排行榜',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
