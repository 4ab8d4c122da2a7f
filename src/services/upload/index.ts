/**
 * Image upload (docs/DECISIONS.md "Uploads", spec §5 and §8): compress by the §5 rule, fetch a signed policy,
 * post the OSS form (key, policy, access id, signature, callback, status 200, then the file) straight to the
 * store, and trust the result only when the store's callback reports a size above 0. Any failure toasts
 * 'upload interface error' (unless silent) and rejects with UploadError.
 */
import Taro from '@tarojs/taro'
import { t } from '../../i18n'
import { uploadPolicy } from '../api/upload'
import { tenantConfig } from '../tenant/config'
import { prepareImage } from './compress'

export interface UploadedFile {
  url: string
  key: string
  size: number
  mimeType: string
  width: number | null
  height: number | null
}

export interface UploadOptions {
  imageStatus?: 0 | 1
  onProgress?: (percent: number) => void
  silent?: boolean
}

export class UploadError extends Error {}

/** Spec §9: uploads time out after 60 s. */
export const UPLOAD_TIMEOUT_MS = 60_000

/** 128 random bits as hex (the object name; files are served to whoever knows the key). */
function randomName(): string {
  const bytes = new Uint8Array(16)
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto
  if (c?.getRandomValues) c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

function extensionOf(path: string): string {
  const m = /\.(jpe?g|png|gif|webp)$/i.exec(path.split('?')[0] ?? '')
  return m ? `.${m[1]!.toLowerCase()}` : '.jpg'
}

/** The store host as the platform can reach it: a relative host goes to the API's origin when that is absolute. */
export function storeUrl(host: string): string {
  if (!host.startsWith('/')) return host
  const origin = /^https?:\/\/[^/]+/i.exec(tenantConfig.apiBase)?.[0] ?? ''
  return `${origin}${host}`
}

/** The callback's answer passed through by the store; a file counts as uploaded only with size > 0. */
function uploadedFrom(raw: unknown): UploadedFile | null {
  let body = raw
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw)
    } catch {
      return null
    }
  }
  const env = body as { code?: unknown; data?: Partial<UploadedFile> | null } | null
  const d = env?.data
  if (env?.code !== 200 || !d || typeof d.url !== 'string' || typeof d.key !== 'string') return null
  if (typeof d.size !== 'number' || !(d.size > 0)) return null
  return {
    url: d.url,
    key: d.key,
    size: d.size,
    mimeType: typeof d.mimeType === 'string' ? d.mimeType : '',
    width: typeof d.width === 'number' ? d.width : null,
    height: typeof d.height === 'number' ? d.height : null,
  }
}

async function send(filePath: string, opts: UploadOptions): Promise<UploadedFile> {
  const image = await prepareImage(filePath)
  try {
    const policy = await uploadPolicy(opts.imageStatus ?? 1, { silent: true, noLoading: true })
    // a compressed copy is JPEG (the store sniffs the type anyway; the extension is for people)
    const ext = image.path === filePath ? extensionOf(filePath) : '.jpg'
    const task = Taro.uploadFile({
      url: storeUrl(policy.host),
      filePath: image.path,
      name: 'file',
      formData: {
        key: `${policy.dir}${randomName()}${ext}`,
        policy: policy.policy,
        OSSAccessKeyId: policy.accessid,
        signature: policy.signature,
        callback: policy.callback,
        success_action_status: '200',
      },
      timeout: UPLOAD_TIMEOUT_MS,
      // a cross-origin bucket answers without allowing credentials
      withCredentials: false,
    })
    if (opts.onProgress) task.onProgressUpdate?.((p) => opts.onProgress?.(p.progress))
    const res = await task
    const file = uploadedFrom(res.data)
    if (!file) throw new UploadError(`upload refused (${res.statusCode})`)
    opts.onProgress?.(100)
    return file
  } finally {
    image.dispose?.()
  }
}

export async function uploadImage(filePath: string, opts: UploadOptions = {}): Promise<UploadedFile> {
  try {
    return await send(filePath, opts)
  } catch (e) {
    if (!opts.silent) Taro.showToast({ title: t('upload.failed'), icon: 'none', duration: 2000 })
    throw e instanceof UploadError ? e : new UploadError(e instanceof Error ? e.message : String(e))
  }
}

const cancelled = (e: unknown) => /cancel/i.test(String((e as { errMsg?: unknown } | null)?.errMsg ?? ''))

/**
 * Lets the learner pick images (album or camera) and uploads each in turn; resolves [] when they cancel and
 * with the files that uploaded otherwise (each failure toasts). Rejects with UploadError only when every picked
 * image failed. Progress is over all picked images.
 */
export async function chooseAndUploadImages(
  opts: UploadOptions & { count?: number; sourceType?: ('album' | 'camera')[] } = {},
): Promise<UploadedFile[]> {
  const { count = 1, sourceType = ['album', 'camera'], onProgress, ...rest } = opts
  let paths: string[]
  try {
    paths = (await Taro.chooseImage({ count, sourceType })).tempFilePaths ?? []
  } catch (e) {
    if (cancelled(e)) return []
    if (!rest.silent) Taro.showToast({ title: t('upload.failed'), icon: 'none', duration: 2000 })
    throw new UploadError(e instanceof Error ? e.message : String((e as { errMsg?: unknown })?.errMsg ?? e))
  }
  const done: UploadedFile[] = []
  for (const [i, path] of paths.entries()) {
    const progress = onProgress && ((p: number) => onProgress(Math.round((i * 100 + p) / paths.length)))
    try {
      done.push(await uploadImage(path, { ...rest, onProgress: progress }))
    } catch {
      // toasted by uploadImage; the other images still go
    }
  }
  if (paths.length > 0 && done.length === 0) throw new UploadError('no image uploaded')
  return done
}
