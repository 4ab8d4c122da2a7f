/**
 * The OSS V1 POST policy: base64 JSON `{ expiration, conditions }` signed with base64 HMAC-SHA1 of the
 * access key secret (what `ali-oss`'s calculatePostSignature computes), the learner's upload dir, and the
 * checks the local store applies to a posted form (as OSS does).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { UPLOAD_LIMITS } from '../../../../contract/schemas/learn-codes'
import { AppError } from '../../http/core'
import type { KeyOwner } from './types'

export type PolicyCondition =
  | Record<string, string>
  | ['content-length-range', number, number]
  | ['starts-with' | 'eq', string, string]

export interface PostPolicy {
  expiration: string
  conditions: PolicyCondition[]
}

/** Refusal of an upload: 403 for signature / policy violations, 400 for a bad form or file. */
export class UploadRefused extends AppError {
  constructor(code: 400 | 403, message: string) {
    super(code, message)
  }
}

export const maxBytesOf = (kind: KeyOwner['kind']) =>
  kind === 'img' ? UPLOAD_LIMITS.imageMaxBytes : UPLOAD_LIMITS.fileMaxBytes

/** yyyymmdd in China Standard Time (the app's day, docs/DECISIONS.md). */
function cstDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '')
}

export function uploadDir(owner: KeyOwner, now = new Date()): string {
  return `t${owner.tenantId}/u${owner.userId}/${owner.kind}/${cstDay(now)}/`
}

/** Keys are slash-separated names of letters, digits, '.', '_' and '-', none starting with '.'. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/
export const isSafeKey = (key: string) => key.length <= 500 && SAFE_KEY.test(key)

const OWNED_KEY = /^t(\d{1,15})\/u(\d{1,10})\/(img|doc)\/\d{8}\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/

/** The tenant, user and kind an upload key belongs to, or null for a key outside the upload area. */
export function ownerOfKey(key: string): KeyOwner | null {
  const m = OWNED_KEY.exec(key)
  if (!m) return null
  const userId = Number(m[2])
  if (userId < 1 || userId > 2_147_483_647) return null
  return { tenantId: Number(m[1]), userId, kind: m[3] as KeyOwner['kind'] }
}

export function buildPolicy(opts: { bucket: string; dir: string; maxBytes: number; now?: Date }) {
  const now = opts.now ?? new Date()
  const expire = Math.floor(now.getTime() / 1000) + UPLOAD_LIMITS.policySeconds
  const policy: PostPolicy = {
    expiration: new Date(expire * 1000).toISOString(),
    conditions: [
      { bucket: opts.bucket },
      ['content-length-range', 1, opts.maxBytes],
      ['starts-with', '$key', opts.dir],
    ],
  }
  return { policy, base64: Buffer.from(JSON.stringify(policy), 'utf8').toString('base64'), expire }
}

export const signPolicy = (secret: string | Buffer, policyBase64: string) =>
  createHmac('sha1', secret).update(policyBase64, 'utf8').digest('base64')

/** Timing-safe comparison of two base64 MACs. */
export function sameMac(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64')
  const b = Buffer.from(given, 'base64')
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b)
}

function readPolicy(base64: string): PostPolicy {
  let v: unknown
  try {
    v = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'))
  } catch {
    throw new UploadRefused(400, 'policy: not base64 JSON')
  }
  const p = v as Partial<PostPolicy> | null
  if (!p || typeof p.expiration !== 'string' || !Array.isArray(p.conditions))
    throw new UploadRefused(400, 'policy: expiration and conditions are required')
  return p as PostPolicy
}

/**
 * Checks a posted form against its policy (the signature was checked first) and answers the size range the
 * file must fall in. Unknown conditions are refused rather than ignored.
 */
export function checkPolicy(
  policyBase64: string,
  form: { bucket: string; key: string },
  now = new Date(),
): { minBytes: number; maxBytes: number } {
  const policy = readPolicy(policyBase64)
  const expires = Date.parse(policy.expiration)
  if (!Number.isFinite(expires) || expires <= now.getTime()) throw new UploadRefused(403, 'policy expired')
  let minBytes = 0
  let maxBytes = Number.POSITIVE_INFINITY
  const field = (name: string) => {
    const n = name.replace(/^\$/, '').toLowerCase()
    if (n === 'bucket') return form.bucket
    if (n === 'key') return form.key
    throw new UploadRefused(403, `policy condition on ${name} is not supported`)
  }
  for (const c of policy.conditions) {
    if (Array.isArray(c)) {
      const [op, a, b] = c as unknown[]
      if (op === 'content-length-range' && Number.isInteger(a) && Number.isInteger(b)) {
        minBytes = Math.max(minBytes, a as number)
        maxBytes = Math.min(maxBytes, b as number)
      } else if (op === 'starts-with' && typeof a === 'string' && typeof b === 'string') {
        if (!field(a).startsWith(b)) throw new UploadRefused(403, `policy condition failed: ${a} starts with ${b}`)
      } else if (op === 'eq' && typeof a === 'string' && typeof b === 'string') {
        if (field(a) !== b) throw new UploadRefused(403, `policy condition failed: ${a} equals ${b}`)
      } else throw new UploadRefused(403, 'policy condition is not supported')
    } else if (c && typeof c === 'object') {
      for (const [name, value] of Object.entries(c)) {
        if (field(name) !== value) throw new UploadRefused(403, `policy condition failed: ${name}`)
      }
    } else throw new UploadRefused(403, 'policy condition is not supported')
  }
  return { minBytes, maxBytes }
}
