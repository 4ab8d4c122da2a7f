/**
 * The object store behind the upload routes (docs/DECISIONS.md "Uploads"): `local` (files on this server,
 * keys derived from the server secret) or `aliyun` (the real bucket and access key). Both sign the same
 * OSS V1 POST policy; they differ in where the form goes, how the callback is signed and where files live.
 */
import { createHmac } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { AppConfig } from '../../config'
import { AppError } from '../../http/core'
import { bucketHost, objectUrl, putObject } from './aliyun'
import { type FetchFn, verifyAliyunCallback, verifyLocalCallback } from './callback'
import { LocalStore } from './local-store'
import { signPolicy } from './policy'
import type { OssConfig, ReceivedFile } from './types'

export const LOCAL_BUCKET = 'local'
export const LOCAL_ACCESS_ID = 'LOCAL'
/** Path of the local store's form endpoint and files (outside the API base, like a bucket host). */
export const LOCAL_STORE_PATH = '/oss'

export interface UploadStore {
  readonly provider: OssConfig['provider']
  readonly bucket: string
  readonly accessId: string
  /** receives files (temp files of API uploads; the files themselves for the local store) */
  readonly disk: LocalStore
  /** where the app posts the form */
  host(origin: string): string
  /** the URL the app shows a stored file at */
  publicUrl(key: string): string
  signPolicy(policyBase64: string): string
  verifyCallback(stringToSign: string, headers: IncomingHttpHeaders): Promise<boolean>
  /** puts a received file under its key */
  save(file: ReceivedFile, key: string): Promise<void>
}

/** The local store's callback key (its "access key secret" is derived separately). */
export const localCallbackKey = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('local-oss-callback').digest()
const localAccessSecret = (serverSecret: string) =>
  createHmac('sha256', serverSecret).update('local-oss-access-key').digest('base64')

function build(config: AppConfig, fetchFn?: FetchFn): UploadStore {
  const oss = config.oss
  const disk = new LocalStore(oss.dir)
  if (oss.provider === 'aliyun') {
    const c = oss.aliyun
    if (!c)
      throw new Error('OSS_PROVIDER=aliyun needs OSS_BUCKET, OSS_REGION, OSS_ACCESS_KEY_ID and OSS_ACCESS_KEY_SECRET')
    return {
      provider: 'aliyun',
      bucket: c.bucket,
      accessId: c.accessKeyId,
      disk,
      host: () => bucketHost(c),
      publicUrl: (key) => objectUrl(c, key),
      signPolicy: (p) => signPolicy(c.accessKeySecret, p),
      verifyCallback: (s, headers) => verifyAliyunCallback(s, headers, fetchFn ?? fetch),
      save: async (file, key) => {
        try {
          await putObject(c, key, file, fetchFn ?? fetch)
        } finally {
          await disk.discard(file)
        }
      },
    }
  }
  const secret = localAccessSecret(config.secret)
  const callbackKey = localCallbackKey(config.secret)
  return {
    provider: 'local',
    bucket: LOCAL_BUCKET,
    accessId: LOCAL_ACCESS_ID,
    disk,
    host: (origin) => `${origin}${LOCAL_STORE_PATH}`,
    publicUrl: (key) => `${LOCAL_STORE_PATH}/${key}`,
    signPolicy: (p) => signPolicy(secret, p),
    verifyCallback: async (s, headers) => verifyLocalCallback(callbackKey, s, headers),
    save: (file, key) => disk.commit(file, key),
  }
}

const stores = new WeakMap<AppConfig, UploadStore>()

/** The store of a configuration (built once per config object). */
export function uploadStore(config: AppConfig): UploadStore {
  let s = stores.get(config)
  if (!s) {
    s = build(config, config.oss.fetch)
    stores.set(config, s)
  }
  return s
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim() || undefined
const HOST = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/

/** This server's origin as the caller reached it: PUBLIC_BASE_URL, else the (forwarded) protocol and host. */
export function requestOrigin(oss: OssConfig, headers: IncomingHttpHeaders): string {
  if (oss.publicBaseUrl) return oss.publicBaseUrl.replace(/\/+$/, '')
  const proto = (oss.trustProxy && first(headers['x-forwarded-proto'])) || 'http'
  const host = (oss.trustProxy && first(headers['x-forwarded-host'])) || first(headers.host)
  if (!host || !HOST.test(host) || (proto !== 'http' && proto !== 'https'))
    throw new AppError(400, 'host: the request has no valid host')
  return `${proto}://${host}`
}

export type { KeyOwner, OssConfig, ReceivedFile } from './types'
