export default definePageConfig({
  navigationBarTitleText: '题库',
})
