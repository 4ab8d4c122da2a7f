export default definePageConfig({
  navigationBarTitleText: '直播间',
  // the chat scrolls inside its own view; the page stays put under the video
  disableScroll: true,
})
