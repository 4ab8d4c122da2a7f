export default definePageConfig({
  navigationBarTitleText: '我的学时',
  navigationStyle: 'custom',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
