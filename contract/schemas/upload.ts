/**
 * Uploads (spec §3 upload policy, §5, §7 Uploads, §8): an OSS-style signed POST policy, the upload callback and
 * a server-side upload. Semantics: docs/DECISIONS.md "Uploads".
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { RouteSchema } from './types'

const int = z.number().int()

/**
 * A field that names an upload (docs/DECISIONS.md "Upload fields"): the URL the upload answered, `/oss/<key>`, a URL
 * of ours, or the bare key. Only the shape is checked here (one token, no spaces); the server's one rule
 * (server/src/services/upload/own.ts) decides whether it is the caller's own upload and stores its canonical URL.
 */
export const uploadRef = (name: string) =>
  z.string().trim().min(1, `${name} is required`).max(500).regex(/^\S+$/, `${name} must be an uploaded file URL`)

/** Spec §3: host, dir, accessid, policy, signature, callback (plus when it expires). */
export const uploadPolicy = z.object({
  /** POST the multipart form here */
  host: z.string(),
  /** every key must start with this */
  dir: z.string(),
  accessid: z.string(),
  /** base64 of the policy JSON (expiration, conditions) */
  policy: z.string(),
  /** base64 HMAC-SHA1 of `policy` with the access key secret */
  signature: z.string(),
  /** base64 of the callback JSON (callbackUrl, callbackBody, callbackBodyType) */
  callback: z.string(),
  /** Unix seconds */
  expire: int,
  /** largest file the policy accepts, bytes */
  maxSize: int,
})

/** What the callback answers (and so what the direct upload's response carries): size > 0 means success. */
export const uploadedFile = z.object({
  url: z.string(),
  key: z.string(),
  size: int,
  mimeType: z.string(),
  width: int.nullable(),
  height: int.nullable(),
})

export const uploadSchemas = {
  'GET /aliyun/oss/policy': {
    query: z.object({
      /** 1 = an image policy (images only, smaller limit); 0 = a document */
      imageStatus: z.preprocess((v) => (v === '' || v === undefined ? '1' : v), z.enum(['0', '1'])),
    }),
    data: uploadPolicy,
  },
  /** called by the object store after it stored a file; the body is the policy's callbackBody (form-encoded) */
  'POST /aliyun/oss/callback': {
    body: z.object({
      bucket: z.string().max(100),
      object: z.string().min(1).max(500),
      size: z.coerce.number().int().min(0),
      mimeType: z.string().max(100),
      height: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
      width: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).optional()),
    }),
    data: uploadedFile,
  },
  /** multipart upload through the API (field `file`), for clients that cannot post to the store directly */
  'POST /aliyun/oss/upload': {
    query: z.object({
      imageStatus: z.preprocess((v) => (v === '' || v === undefined ? '1' : v), z.enum(['0', '1'])),
    }),
    data: uploadedFile,
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>
