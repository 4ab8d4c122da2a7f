export default definePageConfig({
  navigationBarTitleText: '模考记录',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
