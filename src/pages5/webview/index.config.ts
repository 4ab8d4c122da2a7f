export default definePageConfig({
  navigationBarTitleText: '',
  navigationStyle: 'default',
})
