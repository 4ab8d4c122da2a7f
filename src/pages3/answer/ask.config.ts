export default definePageConfig({
  navigationBarTitleText: '向老师提问',
})
