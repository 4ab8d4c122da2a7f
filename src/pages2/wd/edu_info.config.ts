export default definePageConfig({
  navigationBarTitleText: '学历信息',
  navigationStyle: 'custom',
})
