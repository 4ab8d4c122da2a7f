/**
 * JS-SDK config signature (WeChat's "JS-SDK 使用权限签名算法"): sha1 of
 * `jsapi_ticket=…&noncestr=…&timestamp=…&url=…` with the keys in that (sorted) order and the page URL without its
 * #fragment.
 */
import { createHash, randomBytes } from 'node:crypto'

export const pageUrlForSignature = (url: string) => url.split('#')[0]!

export function jssdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${pageUrlForSignature(url)}`
  return createHash('sha1').update(plain).digest('hex')
}

/** 16 characters of [A-Za-z0-9], like WeChat's own examples */
export function nonceStr(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(16), (b) => chars[b % chars.length]).join('')
}
