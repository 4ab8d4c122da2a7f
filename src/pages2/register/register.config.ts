export default definePageConfig({
  navigationBarTitleText: '注册',
  navigationStyle: 'custom',
})
