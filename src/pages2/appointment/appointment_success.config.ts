export default definePageConfig({
  navigationStyle: 'custom',
  navigationBarTitleText: '预约成功',
})
