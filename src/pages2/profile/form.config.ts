export default definePageConfig({
  navigationBarTitleText: '填写报名资料',
})
