export default definePageConfig({
  navigationStyle: 'default',
  navigationBarTitleText: '确认培训预约',
  navigationBarBackgroundColor: '#ffffff',
  navigationBarTextStyle: 'black',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
