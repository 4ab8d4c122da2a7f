export default definePageConfig({
  navigationStyle: 'custom',
  navigationBarTitleText: '课程学习',
})
