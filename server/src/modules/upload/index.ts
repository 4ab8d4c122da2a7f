/**
 * Uploads (docs/DECISIONS.md "Uploads"): the signed POST policy, the store's callback (records the object)
 * and the upload through the API. The local store's own routes (POST /oss, GET /oss/*) are in store.ts;
 * the request hooks app.ts wires for these routes are in hooks.ts.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { routes } from '../../../../contract/routes'
import { UPLOAD_LIMITS } from '../../../../contract/schemas/learn-codes'
import { sysUser, uploadObject } from '../../db/schema'
import { AppError, type Ctx, type Data, type Handlers, requireUser } from '../../http/core'
import { requestOrigin, uploadStore } from '../../services/upload'
import { buildCallback, callbackStringToSign } from '../../services/upload/callback'
import { buildPolicy, ownerOfKey, uploadDir } from '../../services/upload/policy'
import { extensionOf, type SniffedType } from '../../services/upload/sniff'
import type { KeyOwner } from '../../services/upload/types'
import { ApiUpload } from './hooks'

type Uploaded = Data<'POST /aliyun/oss/callback'>

export const CALLBACK_PATH = routes['POST /aliyun/oss/callback'].path

/** Records an object (idempotent on its key) and answers what the app receives. */
async function recordObject(ctx: Ctx, owner: KeyOwner, o: Omit<Uploaded, 'url'>): Promise<Uploaded> {
  const values = { size: o.size, mimeType: o.mimeType, width: o.width, height: o.height }
  await ctx.db
    .insert(uploadObject)
    .values(ctx.scope.row({ userId: owner.userId, key: o.key, ...values }))
    .onConflictDoUpdate({ target: uploadObject.key, set: values })
  return { url: uploadStore(ctx.config).publicUrl(o.key), ...o }
}

export const handlers: Handlers = {
  'GET /aliyun/oss/policy': async (ctx, { query, headers }) => {
    const { userId } = requireUser(ctx)
    const kind = query.imageStatus === '1' ? 'img' : 'doc'
    const maxSize = kind === 'img' ? UPLOAD_LIMITS.imageMaxBytes : UPLOAD_LIMITS.fileMaxBytes
    const store = uploadStore(ctx.config)
    const origin = requestOrigin(ctx.config.oss, headers)
    const dir = uploadDir({ tenantId: ctx.scope.tenantId, userId, kind })
    const { base64, expire } = buildPolicy({ bucket: store.bucket, dir, maxBytes: maxSize })
    return {
      host: store.host(origin),
      dir,
      accessid: store.accessId,
      policy: base64,
      signature: store.signPolicy(base64),
      callback: buildCallback(`${origin}${ctx.config.apiBase}${CALLBACK_PATH}`),
      expire,
      maxSize,
    }
  },

  // The tenant comes from the key (hooks.ts); the store's signature is the only credential.
  'POST /aliyun/oss/callback': async (ctx, { body, headers, query, rawBody }) => {
    const store = uploadStore(ctx.config)
    const qs = new URLSearchParams(query as Record<string, string> | undefined).toString()
    const signed = callbackStringToSign(`${ctx.config.apiBase}${CALLBACK_PATH}`, qs, rawBody ?? '')
    if (!(await store.verifyCallback(signed, headers))) throw new AppError(401, 'callback signature is invalid')
    const owner = ownerOfKey(body.object)
    if (!owner || owner.tenantId !== ctx.scope.tenantId) throw new AppError(403, 'object: not an upload key')
    if (body.bucket !== store.bucket) throw new AppError(403, 'bucket: not this store')
    if (body.size < 1) throw new AppError(400, 'size: the stored file is empty')
    const [user] = await ctx.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(ctx.scope.where(sysUser, eq(sysUser.id, owner.userId)))
    if (!user) throw new AppError(403, 'object: no such learner in this tenant')
    if (store.provider === 'local') {
      const stored = await store.disk.stat(body.object)
      if (!stored || stored.size !== body.size) throw new AppError(400, 'object: no stored file of that size')
    }
    return recordObject(ctx, owner, {
      key: body.object,
      size: body.size,
      mimeType: body.mimeType,
      width: body.width ?? null,
      height: body.height ?? null,
    })
  },

  // The file was received and checked by the receiveApiUpload hook (hooks.ts) before this runs.
  'POST /aliyun/oss/upload': async (ctx, input) => {
    const received: unknown = input.body
    if (!(received instanceof ApiUpload)) throw new AppError(400, 'file: send a multipart form with the field file')
    const { userId } = requireUser(ctx)
    const { file } = received
    const store = uploadStore(ctx.config)
    const owner: KeyOwner = { tenantId: ctx.scope.tenantId, userId, kind: received.kind }
    const key = `${uploadDir(owner)}${randomBytes(16).toString('hex')}${extensionOf(file.mimeType as SniffedType)}`
    try {
      await store.save(file, key)
    } catch (e) {
      await store.disk.discard(file)
      throw e
    }
    return recordObject(ctx, owner, {
      key,
      size: file.size,
      mimeType: file.mimeType,
      width: file.width,
      height: file.height,
    })
  },
}
