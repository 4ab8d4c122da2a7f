export default definePageConfig({
  navigationBarTitleText: '成绩与证书',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
