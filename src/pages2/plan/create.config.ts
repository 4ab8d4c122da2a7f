export default definePageConfig({
  navigationBarTitleText: '新建学习计划',
  backgroundTextStyle: 'dark',
})
