/**
 * The one rule for every field that names an upload (docs/DECISIONS.md "Upload fields"): certification and photo
 * images, Q&A and essay images, chat images, the avatar, profile images and signatures. A value names an upload
 * when it is the store's canonical URL of a key, `/oss/<key>` on this server (relative, or absolute on an origin
 * of ours: the one the request reached or PUBLIC_BASE_URL; for OSS_PROVIDER=aliyun also `/<key>` on the bucket's
 * host), or the bare key; and the key is an upload_object of the caller (tenant and user), an image unless the
 * field takes any file. Whatever the client sent, what is stored and answered is the canonical URL rebuilt from
 * the key (`uploadStore(config).publicUrl(key)`): a host from the client is never kept. Anything else is a 400
 * naming the field.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { eq, inArray } from 'drizzle-orm'
import type { AppConfig } from '../../config'
import type { Db } from '../../db'
import { uploadObject } from '../../db/schema'
import { AppError, type TenantScope } from '../../http/core'
import { bucketHost } from './aliyun'
import { LOCAL_STORE_PATH, requestOrigin, uploadStore } from './index'
import { isSafeKey } from './policy'

/** What the rule needs of a request (a route's ctx, or the chat server's socket). */
export interface UploadCaller {
  db: Db
  scope: TenantScope
  config: AppConfig
}

export interface OwnUpload {
  key: string
  /** the canonical URL: what is stored and answered */
  url: string
  mimeType: string
}

export interface UploadRuleOptions {
  /** the request's headers: its origin is one of ours */
  headers: IncomingHttpHeaders
  /** 'image' (default): the upload must be an image; 'any': any uploaded file */
  kind?: 'image' | 'any'
}

/** The hosts (`host[:port]` as URL parses them) an absolute URL naming an upload may carry. */
export interface OurHosts {
  /** this server: files at `/oss/<key>` */
  server: ReadonlySet<string>
  /** the bucket's host (OSS_PROVIDER=aliyun): files at `/<key>` */
  bucket: string | null
}

const hostOf = (origin: string): string | null => {
  try {
    return new URL(origin).host.toLowerCase()
  } catch {
    return null
  }
}

export function ourHosts(config: AppConfig, headers: IncomingHttpHeaders): OurHosts {
  const server = new Set<string>()
  const add = (origin: string | undefined) => {
    const h = origin ? hostOf(origin) : null
    if (h) server.add(h)
  }
  add(config.oss.publicBaseUrl)
  try {
    add(requestOrigin(config.oss, headers))
  } catch {
    // no valid host in the request: only PUBLIC_BASE_URL (if set) and the bucket are ours
  }
  const c = config.oss.provider === 'aliyun' ? config.oss.aliyun : undefined
  return { server, bucket: c ? hostOf(bucketHost(c)) : null }
}

const STORE_PREFIX = `${LOCAL_STORE_PATH}/`
// whitespace (control characters too), a backslash (browsers read `/\host` as `//host`), a query or a fragment
const NEVER = /[\s\\?#]/
const hasControl = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)

/** The key a value names by the rule's forms, or null (the upload itself is not checked here). */
export function uploadKeyOf(value: string, ours: OurHosts): string | null {
  if (!value || value.length > 1000 || NEVER.test(value) || hasControl(value)) return null
  let encoded: string
  if (value.startsWith('/')) {
    // relative: a path of this server (never protocol-relative)
    if (!value.startsWith(STORE_PREFIX)) return null
    encoded = value.slice(STORE_PREFIX.length)
  } else if (/^https?:\/\//i.test(value)) {
    let u: URL
    try {
      u = new URL(value)
    } catch {
      return null
    }
    if (u.username || u.password) return null
    const host = u.host.toLowerCase()
    if (ours.bucket !== null && host === ours.bucket) encoded = u.pathname.slice(1)
    else if (ours.server.has(host) && u.pathname.startsWith(STORE_PREFIX))
      encoded = u.pathname.slice(STORE_PREFIX.length)
    else return null
  } else if (isSafeKey(value)) {
    // the bare key
    return value
  } else return null
  let key: string
  try {
    key = decodeURIComponent(encoded)
  } catch {
    return null
  }
  return isSafeKey(key) ? key : null
}

/**
 * The caller's uploads the values name, in their order with repeats dropped, each with its canonical URL; a 400
 * naming `field` when any value is not one (nothing is read twice: one query for the list).
 */
export async function ownUploads(
  caller: UploadCaller,
  userId: number,
  values: readonly string[],
  field: string,
  opts: UploadRuleOptions,
): Promise<OwnUpload[]> {
  const kind = opts.kind ?? 'image'
  if (values.length === 0) return []
  const ours = ourHosts(caller.config, opts.headers)
  const keys: string[] = []
  for (const v of values) {
    const key = uploadKeyOf(v, ours)
    if (key === null) throw new AppError(400, `${field}: must be a file you uploaded`)
    if (!keys.includes(key)) keys.push(key)
  }
  const rows = await caller.db
    .select({ key: uploadObject.key, mimeType: uploadObject.mimeType })
    .from(uploadObject)
    .where(caller.scope.where(uploadObject, eq(uploadObject.userId, userId), inArray(uploadObject.key, keys)))
  const byKey = new Map(rows.map((r) => [r.key, r.mimeType]))
  const store = uploadStore(caller.config)
  return keys.map((key) => {
    const mimeType = byKey.get(key)
    if (mimeType === undefined) throw new AppError(400, `${field}: must be a file you uploaded`)
    if (kind === 'image' && !mimeType.startsWith('image/'))
      throw new AppError(400, `${field}: must be an image you uploaded`)
    return { key, url: store.publicUrl(key), mimeType }
  })
}

/** The caller's upload a value names, with its canonical URL (what to store), or a 400 naming `field`. */
export async function ownUpload(
  caller: UploadCaller,
  userId: number,
  value: string,
  field: string,
  opts: UploadRuleOptions,
): Promise<OwnUpload> {
  return (await ownUploads(caller, userId, [value], field, opts))[0]!
}
