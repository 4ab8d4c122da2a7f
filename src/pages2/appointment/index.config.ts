export default definePageConfig({
  navigationStyle: 'default',
  navigationBarTitleText: '考点预约',
  navigationBarBackgroundColor: '#ffffff',
  navigationBarTextStyle: 'black',
  enablePullDownRefresh: true,
  backgroundTextStyle: 'dark',
})
