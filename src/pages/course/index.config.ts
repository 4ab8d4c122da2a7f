export default definePageConfig({
  navigationBarTitleText: '选课中心',
})
