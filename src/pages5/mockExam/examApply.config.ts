export default definePageConfig({
  navigationBarTitleText: '模考报名',
})
