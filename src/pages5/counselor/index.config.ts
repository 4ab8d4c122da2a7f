// The spec marks this page 'default nav bar'; it draws the app's NavBar like every other page (one nav-bar style).
export default definePageConfig({
  navigationBarTitleText: '在线客服',
})
