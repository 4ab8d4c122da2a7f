/** Mini program: WeChat login is the mini program's own (wx.login codes); no official-account OAuth here. */
import Taro from '@tarojs/taro'

export type WechatKind = 'mini' | 'gzh'

export const wechatKind = (): WechatKind | null => 'mini'

/** A fresh wx.login code (valid 5 minutes, single use). */
export async function miniLoginCode(): Promise<string> {
  const r = await Taro.login()
  if (!r.code) throw new Error(r.errMsg || 'wx.login gave no code')
  return r.code
}

export const nav = { assign: (_url: string) => {} }
export type GzhReturn = null | { code: string } | { refused: true }
export const gzhReturn = (): GzhReturn => null
export function gzhAuthorize(_appId: string): void {}
