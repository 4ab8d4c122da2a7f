export default definePageConfig({
  navigationBarTitleText: '套餐详情',
  enableShareAppMessage: true,
  enableShareTimeline: true,
})
