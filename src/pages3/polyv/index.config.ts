export default definePageConfig({
  navigationStyle: 'default',
  navigationBarTitleText: '课程学习',
  navigationBarBackgroundColor: '#ffffff',
  navigationBarTextStyle: 'black',
})
