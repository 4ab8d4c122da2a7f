/**
 * The local object store (OSS_PROVIDER=local), outside the contract like a bucket host:
 * `POST /oss` takes the OSS PostObject form (fields first, then `file`), checks it as OSS would (access id,
 * signature, policy expiry, key prefix, bucket, size range; images sniffed under img/), stores the file
 * atomically, then calls the upload callback through the same route and verification as an outside store
 * and answers with the callback's answer (a refused callback removes the file again).
 * `GET /oss/<key>` serves stored files. With another store (aliyun) `GET /oss/<key>` redirects to the object's URL
 * there, so `/oss/<key>` names an upload on any store (the rows server/drizzle/0021_upload_fields_repair.sql
 * repaired hold that form).
 */
import fs from 'node:fs'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config'
import { envelope } from '../../http/core'
import { LOCAL_STORE_PATH, localCallbackKey, uploadStore } from '../../services/upload'
import {
  type CallbackParam,
  callbackStringToSign,
  readCallback,
  renderCallbackBody,
  signLocalCallback,
} from '../../services/upload/callback'
import { checkPolicy, isSafeKey, maxBytesOf, ownerOfKey, sameMac, UploadRefused } from '../../services/upload/policy'
import type { ReceivedFile } from '../../services/upload/types'
import { MULTIPART_LIMITS } from './hooks'
import { CALLBACK_PATH } from './index'

export async function registerUploadStore(root: FastifyInstance, config: AppConfig): Promise<void> {
  const store = uploadStore(config)
  if (store.provider !== 'local') {
    root.get(`${LOCAL_STORE_PATH}/*`, async (req, reply) => {
      const key = (req.params as { '*': string })['*']
      if (!isSafeKey(key)) return reply.code(404).send(envelope(404, 'not found', null))
      return reply.header('cache-control', 'public, max-age=86400').redirect(store.publicUrl(key), 302)
    })
    return
  }
  const callbackUrl = `${config.apiBase}${CALLBACK_PATH}`
  const callbackKey = localCallbackKey(config.secret)

  /** Checks the fields that came before the file; answers the key, its size range and the callback. */
  const checkForm = (form: Record<string, string>) => {
    const need = (name: string) => {
      const v = form[name.toLowerCase()]
      if (!v) throw new UploadRefused(400, `${name} is required`)
      return v
    }
    const key = need('key')
    if (need('OSSAccessKeyId') !== store.accessId) throw new UploadRefused(403, 'OSSAccessKeyId is not known')
    const policy = need('policy')
    if (!sameMac(store.signPolicy(policy), need('Signature')))
      throw new UploadRefused(403, 'Signature does not match the policy')
    const range = checkPolicy(policy, { bucket: store.bucket, key })
    const owner = ownerOfKey(key)
    if (!owner) throw new UploadRefused(403, 'key: outside the upload area')
    const callback = readCallback(need('callback'))
    return {
      key,
      owner,
      callback,
      minBytes: range.minBytes,
      maxBytes: Math.min(range.maxBytes, maxBytesOf(owner.kind)),
    }
  }

  const runCallback = (req: { ip: string }, callback: CallbackParam, key: string, file: ReceivedFile) => {
    // the local store only ever calls this server's callback route, whatever callbackUrl says
    const body = renderCallbackBody(callback, {
      bucket: store.bucket,
      object: key,
      size: String(file.size),
      mimeType: file.mimeType,
      'imageInfo.height': file.height === null ? '' : String(file.height),
      'imageInfo.width': file.width === null ? '' : String(file.width),
    })
    return root.inject({
      method: 'POST',
      url: callbackUrl,
      headers: {
        'content-type': callback.callbackBodyType,
        authorization: signLocalCallback(callbackKey, callbackStringToSign(callbackUrl, '', body)),
      },
      payload: body,
      remoteAddress: req.ip,
    })
  }

  root.post(LOCAL_STORE_PATH, async (req, reply) => {
    if (!req.isMultipart()) throw new UploadRefused(400, 'send a multipart form')
    // OSS field names are case-insensitive; fields after the file are ignored
    const form: Record<string, string> = {}
    for await (const part of req.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw new UploadRefused(400, `${part.fieldname}: too long`)
        form[part.fieldname.toLowerCase()] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file') throw new UploadRefused(400, 'the file field must be named file')
      const f = checkForm(form)
      const file = await store.disk.receive(part.file, {
        minBytes: f.minBytes,
        maxBytes: f.maxBytes,
        imageOnly: f.owner.kind === 'img',
      })
      await store.disk.commit(file, f.key).catch(async (e) => {
        await store.disk.discard(file)
        throw e
      })
      let res: Awaited<ReturnType<typeof runCallback>>
      try {
        res = await runCallback(req, f.callback, f.key, file)
      } catch (e) {
        await store.disk.remove(f.key)
        throw e
      }
      if (res.statusCode !== 200) await store.disk.remove(f.key)
      return reply
        .code(res.statusCode)
        .type(String(res.headers['content-type'] ?? 'application/json; charset=utf-8'))
        .send(res.body)
    }
    throw new UploadRefused(400, 'file is required')
  })

  root.get(`${LOCAL_STORE_PATH}/*`, async (req, reply) => {
    const key = (req.params as { '*': string })['*']
    const stored = await store.disk.stat(key)
    if (!stored) return reply.code(404).send(envelope(404, 'not found', null))
    return reply
      .type(stored.mimeType ?? 'application/octet-stream')
      .header('content-length', stored.size)
      .header('cache-control', 'private, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(fs.createReadStream(stored.path))
  })
}
