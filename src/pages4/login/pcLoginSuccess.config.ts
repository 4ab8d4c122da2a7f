export default definePageConfig({
  navigationBarTitleText: '登录成功',
  navigationStyle: 'custom',
})
