export default definePageConfig({
  navigationStyle: 'default',
  navigationBarTitleText: '预约成功',
  navigationBarBackgroundColor: '#ffffff',
  navigationBarTextStyle: 'black',
})
