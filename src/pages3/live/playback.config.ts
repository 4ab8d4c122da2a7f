export default definePageConfig({
  navigationBarTitleText: '直播回放',
  disableScroll: true,
})
