/**
 * Request hooks app.ts wires for the upload routes: the callback's form body and tenant (the store calls
 * without our headers, so the tenant is the one in the key), and the multipart receiving of the API upload
 * (a file never reaches the handler unchecked; the handler gets it as an ApiUpload body, which a JSON body
 * cannot imitate).
 */
import fsp from 'node:fs/promises'
import type { FastifyReply, FastifyRequest } from 'fastify'
import '@fastify/multipart'
import { UPLOAD_LIMITS } from '../../../../contract/schemas/learn-codes'
import { uploadSchemas } from '../../../../contract/schemas/upload'
import { AppError } from '../../http/core'
import { uploadStore } from '../../services/upload'
import { ownerOfKey } from '../../services/upload/policy'
import type { KeyOwner, ReceivedFile } from '../../services/upload/types'

/** Parser caps (the routes apply the exact per-policy limits while reading). */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_LIMITS.fileMaxBytes + 1,
  files: 1,
  fields: 20,
  fieldSize: 16 * 1024,
  parts: 30,
}

const CALLBACK_SUFFIX = '/aliyun/oss/callback'

/**
 * A multipart body the parser (busboy) could not read: no boundary, a cut-off body, a broken part header. Busboy
 * throws plain errors (no code, no status); a disk error carries a code and stays a 500.
 */
export function isMalformedMultipart(err: unknown): err is Error {
  return (
    err instanceof Error &&
    (err as { code?: unknown }).code === undefined &&
    /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header|Part terminated early)/.test(
      err.message,
    )
  )
}

/** Form-encoded bodies are taken on the upload callback only (the policy's callbackBodyType). */
export function formBodyParser(
  req: FastifyRequest,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
): void {
  if (req.routeOptions.url?.endsWith(CALLBACK_SUFFIX))
    done(null, Object.fromEntries(new URLSearchParams(body.toString())))
  else done(new AppError(400, 'content-type: application/x-www-form-urlencoded is not accepted here'))
}

/** preHandler of the callback, before the tenant guard: the tenant id is the key's `t<tenant>/`. */
export async function tenantFromUploadKey(req: FastifyRequest): Promise<void> {
  const key = (req.body as { object?: unknown } | undefined)?.object
  const owner = typeof key === 'string' ? ownerOfKey(key) : null
  if (!owner) throw new AppError(403, 'object: not an upload key')
  req.headers['tenant-id'] = String(owner.tenantId)
}

export class ApiUpload {
  constructor(
    readonly file: ReceivedFile,
    readonly kind: KeyOwner['kind'],
  ) {}
}

/** preValidation of POST /aliyun/oss/upload: reads the `file` part within the limits into a temp file. */
export async function receiveApiUpload(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const q = uploadSchemas['POST /aliyun/oss/upload'].query.safeParse(req.query ?? {})
  if (!q.success) throw new AppError(400, 'imageStatus: must be 0 or 1')
  const image = q.data.imageStatus === '1'
  if (!req.isMultipart()) throw new AppError(400, 'file: send a multipart form with the field file')
  const part = await req.file({ limits: MULTIPART_LIMITS })
  if (part?.fieldname !== 'file') throw new AppError(400, 'file: send a multipart form with the field file')
  const file = await uploadStore(req.ctx.config).disk.receive(part.file, {
    minBytes: 1,
    maxBytes: image ? UPLOAD_LIMITS.imageMaxBytes : UPLOAD_LIMITS.fileMaxBytes,
    imageOnly: image,
  })
  // whatever happens next, the temp file does not outlive the request (after a save it is already gone)
  reply.raw.once('close', () => void fsp.rm(file.tmpPath, { force: true }))
  req.body = new ApiUpload(file, image ? 'img' : 'doc')
}
