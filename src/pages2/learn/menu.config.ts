export default definePageConfig({
  navigationBarTitleText: '课程目录',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
