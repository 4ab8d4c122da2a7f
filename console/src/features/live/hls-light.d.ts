/** hls.js's light build (no subtitles, alternate audio or DRM) has no type file of its own: it is the full API. */
declare module 'hls.js/light' {
  import Hls from 'hls.js'
  export default Hls
}
