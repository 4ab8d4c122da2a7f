// Custom nav bar: the not-found state draws the app's NavBar; a web page covers the whole screen (H5: a fixed
// iframe) and the mini-program always shows its native bar over a web-view.
export default definePageConfig({
  navigationBarTitleText: '',
  navigationStyle: 'custom',
})
