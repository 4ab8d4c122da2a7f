import Taro from '@tarojs/taro'

/** Code 699 in the mini-program: show the (already checked http/https) URL in the web-view page. */
export function openExternal(url: string): void {
  Taro.navigateTo({ url: `/pages5/webview/index?url=${encodeURIComponent(url)}` })
}
