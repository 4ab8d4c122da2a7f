export default definePageConfig({
  navigationBarTitleText: '编辑学习计划',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
