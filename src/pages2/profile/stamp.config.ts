export default definePageConfig({
  navigationBarTitleText: '确认承诺',
})
