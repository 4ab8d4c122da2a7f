export default definePageConfig({
  navigationBarTitleText: '考试承诺书',
})
