/**
 * Aliyun OSS (OSS_PROVIDER=aliyun): the bucket's public host and object URLs, and PutObject with the V1
 * header signature (`OSS <id>:<base64 HMAC-SHA1(secret, VERB\nMD5\ntype\ndate\n/bucket/key)>`) for files
 * uploaded through the API.
 */
import { createHmac } from 'node:crypto'
import fsp from 'node:fs/promises'
import { AppError } from '../../http/core'
import type { FetchFn } from './callback'
import type { AliyunOssConfig, ReceivedFile } from './types'

export const bucketHost = (c: AliyunOssConfig) => `https://${c.bucket}.${c.region}.aliyuncs.com`

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/')

export const objectUrl = (c: AliyunOssConfig, key: string) => `${bucketHost(c)}/${encodeKey(key)}`

export function putAuthorization(c: AliyunOssConfig, key: string, contentType: string, date: string): string {
  const stringToSign = `PUT\n\n${contentType}\n${date}\n/${c.bucket}/${key}`
  return `OSS ${c.accessKeyId}:${createHmac('sha1', c.accessKeySecret).update(stringToSign, 'utf8').digest('base64')}`
}

export async function putObject(
  c: AliyunOssConfig,
  key: string,
  file: ReceivedFile,
  fetchFn: FetchFn = fetch,
): Promise<void> {
  const date = new Date().toUTCString()
  const res = await fetchFn(objectUrl(c, key), {
    method: 'PUT',
    headers: {
      date,
      'content-type': file.mimeType,
      authorization: putAuthorization(c, key, file.mimeType, date),
    },
    body: await fsp.readFile(file.tmpPath),
    signal: AbortSignal.timeout(60_000),
  }).catch(() => null)
  if (!res?.ok) throw new AppError(500, `object store refused the upload${res ? ` (${res.status})` : ''}`)
}
