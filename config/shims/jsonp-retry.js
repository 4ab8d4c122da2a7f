/**
 * H5 build: stands in for `jsonp-retry`, which @tarojs/taro-h5 imports for `Taro.request({ jsonp })`. The app never
 * makes JSONP calls (every call goes through src/services/http as JSON over fetch), so the 12 KB library stays out of
 * the entry; a JSONP request fails loudly instead of silently (docs/DECISIONS.md "First load").
 */
export default function jsonpRetry(url) {
  return Promise.reject(new Error(`JSONP is not supported by this app: ${url}`))
}
