/**
 * H5 build: stands in for the fetch and AbortController polyfills @tarojs/taro-h5 imports for their side effects;
 * every browser of the browser list has both natively (docs/DECISIONS.md "First load").
 */
export {}
