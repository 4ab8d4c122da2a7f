/**
 * The upload callback: the `callback` form value (base64 JSON callbackUrl / callbackBody / callbackBodyType),
 * its body with the store's variables filled in, and the store's signature over
 * `url_decode(path) + query + '\n' + body` (OSS's string to sign): an HMAC with the local store's key, or
 * Aliyun OSS's MD5withRSA with the public key named by `x-oss-pub-key-url` (only gosspublic.alicdn.com).
 */
import { createHmac, createPublicKey, createVerify, type KeyObject } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { sameMac, UploadRefused } from './policy'

export const CALLBACK_BODY =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: OSS's own ${var} syntax
  'bucket=${bucket}&object=${object}&size=${size}&mimeType=${mimeType}&height=${imageInfo.height}&width=${imageInfo.width}'
export const FORM_TYPE = 'application/x-www-form-urlencoded'

export interface CallbackParam {
  callbackUrl: string
  callbackBody: string
  callbackBodyType: string
}

export function buildCallback(callbackUrl: string): string {
  const param: CallbackParam = { callbackUrl, callbackBody: CALLBACK_BODY, callbackBodyType: FORM_TYPE }
  return Buffer.from(JSON.stringify(param), 'utf8').toString('base64')
}

export function readCallback(base64: string): CallbackParam {
  let v: Partial<CallbackParam> | null = null
  try {
    v = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'))
  } catch {
    // answered below
  }
  if (!v || typeof v.callbackUrl !== 'string' || typeof v.callbackBody !== 'string')
    throw new UploadRefused(400, 'callback: base64 JSON with callbackUrl and callbackBody is required')
  const type = v.callbackBodyType ?? FORM_TYPE
  if (type !== FORM_TYPE && type !== 'application/json')
    throw new UploadRefused(400, 'callback: callbackBodyType is not supported')
  return { callbackUrl: v.callbackUrl, callbackBody: v.callbackBody, callbackBodyType: type }
}

/** Fills `${name}` variables; values are URL-encoded in a form body and JSON-escaped in a JSON body. */
export function renderCallbackBody(param: CallbackParam, vars: Record<string, string>): string {
  const encode =
    param.callbackBodyType === FORM_TYPE ? encodeURIComponent : (s: string) => JSON.stringify(s).slice(1, -1)
  return param.callbackBody.replace(/\$\{([\w.]+)\}/g, (m, name: string) => (name in vars ? encode(vars[name]!) : m))
}

export const callbackStringToSign = (path: string, query: string, body: string) =>
  `${decodeURIComponent(path)}${query ? `?${query}` : ''}\n${body}`

// ---- local store: HMAC-SHA256 with a key derived from the server secret ----

export const signLocalCallback = (key: Buffer, stringToSign: string) =>
  createHmac('sha256', key).update(stringToSign, 'utf8').digest('base64')

export function verifyLocalCallback(key: Buffer, stringToSign: string, headers: IncomingHttpHeaders): boolean {
  const given = headers.authorization
  return typeof given === 'string' && sameMac(signLocalCallback(key, stringToSign), given)
}

// ---- Aliyun OSS: MD5withRSA, public key from gosspublic.alicdn.com ----

const PUB_KEY_HOST = 'https://gosspublic.alicdn.com/'
const keyCache = new Map<string, Promise<KeyObject>>()

export type FetchFn = typeof fetch

async function loadPublicKey(url: string, fetchFn: FetchFn): Promise<KeyObject> {
  const res = await fetchFn(url, { signal: AbortSignal.timeout(5000) })
  if (!res.ok) throw new Error(`public key fetch answered ${res.status}`)
  const pem = await res.text()
  if (pem.length > 10_000) throw new Error('public key too long')
  return createPublicKey(pem)
}

/** True when the Aliyun callback signature is valid; the store's public key is fetched once per URL. */
export async function verifyAliyunCallback(
  stringToSign: string,
  headers: IncomingHttpHeaders,
  fetchFn: FetchFn = fetch,
): Promise<boolean> {
  const urlHeader = headers['x-oss-pub-key-url']
  const signature = headers.authorization
  if (typeof urlHeader !== 'string' || typeof signature !== 'string') return false
  const url = Buffer.from(urlHeader, 'base64').toString('utf8')
  if (!url.startsWith(PUB_KEY_HOST) || /[\s?#@\\]/.test(url) || url.includes('..')) return false
  let key = keyCache.get(url)
  if (!key) {
    key = loadPublicKey(url, fetchFn)
    keyCache.set(url, key)
    key.catch(() => keyCache.delete(url)) // never cache a failure
  }
  try {
    return createVerify('RSA-MD5')
      .update(stringToSign, 'utf8')
      .verify(await key, signature, 'base64')
  } catch {
    return false
  }
}

/** Test hook: forget the fetched public keys. */
export function clearPublicKeyCache(): void {
  keyCache.clear()
}
