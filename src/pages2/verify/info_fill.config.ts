export default definePageConfig({
  navigationBarTitleText: '个人信息确认',
  navigationStyle: 'custom',
})
