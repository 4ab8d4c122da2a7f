export default definePageConfig({
  navigationBarTitleText: '基本资料',
  navigationStyle: 'custom',
})
