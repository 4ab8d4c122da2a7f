/**
 * Image uploads in the app: the §5 size rule, compression on H5 (canvas) and weapp (compressImage), the OSS
 * form sent to the policy's host, success only with a callback size > 0 (else the §8 toast), progress.
 */
import Taro from '@tarojs/taro'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLocale, t } from '@/i18n'
import { compressPlan } from '@/lib/image-compress'
import { resetRequestState } from '@/services/http/request'
import { setTransport } from '@/services/http/transport'
import { tenantConfig } from '@/services/tenant/config'
import { chooseAndUploadImages, storeUrl, UploadError, uploadImage } from '@/services/upload'
import { prepareImage as prepareWeapp } from '@/services/upload/compress.weapp'
import { useSession } from '@/store/session'
import { fakeServer, ok, seedTenant } from './fake-server'

// ---- the rule ------------------------------------------------------------------------------------

describe('compressPlan (spec §5)', () => {
  it('over 2000 px on either side: 35% at quality 75; over 1000 px: 50%; otherwise as is', () => {
    expect(compressPlan(2001, 10)).toEqual({ scale: 0.35, quality: 75 })
    expect(compressPlan(10, 4000)).toEqual({ scale: 0.35, quality: 75 })
    expect(compressPlan(1001, 1)).toEqual({ scale: 0.5, quality: 75 })
    expect(compressPlan(800, 1500)).toEqual({ scale: 0.5, quality: 75 })
    expect(compressPlan(1000, 800)).toBeNull()
    expect(compressPlan(0, 0)).toBeNull()
  })

  it('exactly 2000 and exactly 1000 fall to the lower rule', () => {
    expect(compressPlan(2000, 2000)).toEqual({ scale: 0.5, quality: 75 })
    expect(compressPlan(1000, 1000)).toBeNull()
  })
})

// ---- doubles -------------------------------------------------------------------------------------

const policy = {
  host: 'https://learn.example.com/oss',
  dir: 't1001/u7/img/20250102/',
  accessid: 'LOCAL',
  policy: 'cG9saWN5',
  signature: 'c2lnbmF0dXJl',
  callback: 'Y2FsbGJhY2s=',
  expire: 1_900_000_000,
  maxSize: 10 * 1024 * 1024,
}
const stored = (over: Record<string, unknown> = {}) => ({
  code: 200,
  msg: 'ok',
  data: {
    url: '/oss/t1001/u7/img/20250102/k.jpg',
    key: 't1001/u7/img/20250102/k.jpg',
    size: 1234,
    mimeType: 'image/jpeg',
    width: 70,
    height: 50,
    ...over,
  },
})

/** Images the fake browser can load, by URL. */
const imageSizes = new Map<string, [number, number]>()
class FakeImage {
  naturalWidth = 0
  naturalHeight = 0
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  set src(v: string) {
    const size = imageSizes.get(v)
    queueMicrotask(() => {
      if (!size) return this.onerror?.()
      ;[this.naturalWidth, this.naturalHeight] = size
      this.onload?.()
    })
  }
}

const drawn: { width: number; height: number; type: string; quality: number }[] = []
let uploads: Taro.uploadFile.Option[] = []

/** Taro.uploadFile answering `body` after reporting `progress`. */
function storeAnswers(...bodies: unknown[]) {
  let n = 0
  vi.spyOn(Taro, 'uploadFile').mockImplementation(((opts: Taro.uploadFile.Option) => {
    uploads.push(opts)
    const body = bodies[Math.min(n++, bodies.length - 1)]
    let progress: ((r: { progress: number }) => void) | undefined
    const done = Promise.resolve().then(() => {
      for (const p of [30, 80]) progress?.({ progress: p })
      return { statusCode: 200, data: JSON.stringify(body), errMsg: 'uploadFile:ok' }
    })
    return Object.assign(done, { onProgressUpdate: (cb: typeof progress) => (progress = cb) })
  }) as never)
}

let srv: ReturnType<typeof fakeServer>

// the Taro double has no media or upload APIs: plain stand-ins the tests spy on
Object.assign(Taro, {
  uploadFile: vi.fn(),
  chooseImage: vi.fn(),
  getImageInfo: vi.fn(),
  compressImage: vi.fn(),
})

beforeEach(() => {
  resetRequestState()
  seedTenant()
  useSession.getState().setLogin({ token: 'tok', userAccount: 'u1' })
  srv = fakeServer({ 'GET /aliyun/oss/policy': ok(policy) })
  imageSizes.clear()
  drawn.length = 0
  uploads = []
  vi.stubGlobal('Image', FakeImage)
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillRect: vi.fn(),
    drawImage: vi.fn(),
    fillStyle: '',
  } as never)
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, cb, type, q) {
    drawn.push({ width: this.width, height: this.height, type: type ?? '', quality: q as number })
    cb(new Blob(['jpeg'], { type }))
  })
  URL.createObjectURL = vi.fn(() => 'blob:compressed')
  URL.revokeObjectURL = vi.fn()
})

afterEach(async () => {
  setTransport(null)
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await setLocale('zh-CN')
})

// ---- uploadImage ---------------------------------------------------------------------------------

describe('uploadImage', () => {
  it('posts the OSS form with a fresh key under the policy dir to the policy host, and answers the stored file', async () => {
    imageSizes.set('blob:picked.png', [800, 600])
    storeAnswers(stored())
    const file = await uploadImage('blob:picked.png')
    expect(file).toEqual(stored().data)
    const call = srv.of('GET /aliyun/oss/policy')[0]!
    expect(call.query.get('imageStatus')).toBe('1')
    expect(call.header).toMatchObject({ 'tenant-id': '1001', Authorization: 'Bearer tok' })
    expect(drawn).toHaveLength(0) // small enough: sent as it is
    const up = uploads[0]!
    expect(up).toMatchObject({ url: policy.host, filePath: 'blob:picked.png', name: 'file', timeout: 60_000 })
    expect(up.formData).toEqual({
      key: expect.stringMatching(/^t1001\/u7\/img\/20250102\/[0-9a-f]{32}\.png$/),
      policy: policy.policy,
      OSSAccessKeyId: policy.accessid,
      signature: policy.signature,
      callback: policy.callback,
      success_action_status: '200',
    })
    expect(Object.keys(up.formData!)).toEqual([
      'key',
      'policy',
      'OSSAccessKeyId',
      'signature',
      'callback',
      'success_action_status',
    ])
    await uploadImage('blob:picked.png')
    expect(uploads[1]!.formData!.key).not.toBe(up.formData!.key)
  })

  it('compresses on a canvas by the §5 rule: JPEG at quality 0.75, 35% over 2000 px, 50% over 1000 px', async () => {
    imageSizes.set('blob:huge', [3000, 1200])
    imageSizes.set('blob:big', [1500, 900])
    storeAnswers(stored())
    await uploadImage('blob:huge')
    await uploadImage('blob:big')
    expect(drawn).toEqual([
      { width: 1050, height: 420, type: 'image/jpeg', quality: 0.75 },
      { width: 750, height: 450, type: 'image/jpeg', quality: 0.75 },
    ])
    expect(uploads[0]!.filePath).toBe('blob:compressed')
    expect(uploads[0]!.formData!.key).toMatch(/\.jpg$/)
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:compressed')
  })

  it("a callback size of 0 is a failure: toast 'upload interface error' and UploadError", async () => {
    await setLocale('en')
    imageSizes.set('blob:a', [10, 10])
    storeAnswers(stored({ size: 0 }))
    await expect(uploadImage('blob:a')).rejects.toBeInstanceOf(UploadError)
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'upload interface error' }))
  })

  it('a refused store answer, a refused policy or a network failure toast once; silent toasts nothing', async () => {
    imageSizes.set('blob:a', [10, 10])
    storeAnswers({ code: 403, msg: 'Signature does not match the policy', data: null })
    await expect(uploadImage('blob:a')).rejects.toBeInstanceOf(UploadError)
    fakeServer({ 'GET /aliyun/oss/policy': { code: 500, msg: 'boom' } })
    await expect(uploadImage('blob:a')).rejects.toBeInstanceOf(UploadError)
    expect(vi.mocked(Taro.showToast).mock.calls.map((c) => (c[0] as { title: string }).title)).toEqual([
      t('upload.failed'),
      t('upload.failed'),
    ])
    vi.mocked(Taro.showToast).mockClear()
    await expect(uploadImage('blob:a', { silent: true })).rejects.toBeInstanceOf(UploadError)
    expect(Taro.showToast).not.toHaveBeenCalled()
  })

  it('forwards progress and asks for a document policy when told', async () => {
    imageSizes.set('blob:a', [10, 10])
    storeAnswers(stored())
    const seen: number[] = []
    await uploadImage('blob:a', { imageStatus: 0, onProgress: (p) => seen.push(p) })
    expect(seen).toEqual([30, 80, 100])
    expect(srv.of('GET /aliyun/oss/policy')[0]!.query.get('imageStatus')).toBe('0')
  })

  it('a relative store host goes to the API origin when the API base is absolute', () => {
    expect(storeUrl('/oss')).toBe('/oss') // H5 on the same origin
    const before = tenantConfig.apiBase
    tenantConfig.apiBase = 'https://api.example.com/api'
    try {
      expect(storeUrl('/oss')).toBe('https://api.example.com/oss')
      expect(storeUrl('https://bucket.oss-cn-hangzhou.aliyuncs.com')).toBe(
        'https://bucket.oss-cn-hangzhou.aliyuncs.com',
      )
    } finally {
      tenantConfig.apiBase = before
    }
  })
})

// ---- weapp compression ----------------------------------------------------------------------------

describe('weapp compression', () => {
  it('uses compressImage with the planned width at quality 75, and leaves small images alone', async () => {
    const info = vi.spyOn(Taro, 'getImageInfo')
    const compress = vi
      .spyOn(Taro, 'compressImage')
      .mockResolvedValue({ tempFilePath: 'wxfile://tmp_small.jpg', errMsg: 'compressImage:ok' })
    info.mockResolvedValueOnce({ width: 2400, height: 1000 } as never)
    expect(await prepareWeapp('wxfile://a.jpg')).toEqual({ path: 'wxfile://tmp_small.jpg' })
    expect(compress).toHaveBeenCalledWith({ src: 'wxfile://a.jpg', quality: 75, compressedWidth: 840 })
    info.mockResolvedValueOnce({ width: 1200, height: 1800 } as never)
    await prepareWeapp('wxfile://b.jpg')
    expect(compress).toHaveBeenLastCalledWith({ src: 'wxfile://b.jpg', quality: 75, compressedWidth: 600 })
    info.mockResolvedValueOnce({ width: 1000, height: 1000 } as never)
    expect(await prepareWeapp('wxfile://c.jpg')).toEqual({ path: 'wxfile://c.jpg' })
    expect(compress).toHaveBeenCalledTimes(2)
  })
})

// ---- chooseAndUploadImages -----------------------------------------------------------------------

describe('chooseAndUploadImages', () => {
  it('answers [] without a toast when the learner cancels', async () => {
    vi.spyOn(Taro, 'chooseImage').mockRejectedValue({ errMsg: 'chooseImage:fail cancel' })
    await expect(chooseAndUploadImages()).resolves.toEqual([])
    expect(Taro.showToast).not.toHaveBeenCalled()
    expect(uploads).toHaveLength(0)
  })

  it('uploads each picked image; a failed one toasts and is left out; progress spans all images', async () => {
    const choose = vi
      .spyOn(Taro, 'chooseImage')
      .mockResolvedValue({ tempFilePaths: ['blob:1', 'blob:2'], tempFiles: [], errMsg: 'chooseImage:ok' })
    imageSizes.set('blob:1', [10, 10])
    imageSizes.set('blob:2', [10, 10])
    storeAnswers(stored({ url: '/oss/one.jpg' }), stored({ size: 0 }))
    const seen: number[] = []
    const files = await chooseAndUploadImages({ count: 2, onProgress: (p) => seen.push(p) })
    expect(choose).toHaveBeenCalledWith({ count: 2, sourceType: ['album', 'camera'] })
    expect(files.map((f) => f.url)).toEqual(['/oss/one.jpg'])
    expect(Taro.showToast).toHaveBeenCalledTimes(1)
    expect(seen).toEqual([15, 40, 50, 65, 90])
  })

  it('rejects with UploadError when no picked image uploads', async () => {
    vi.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:x'], tempFiles: [], errMsg: 'ok' })
    imageSizes.set('blob:x', [10, 10])
    storeAnswers(stored({ size: 0 }))
    await expect(chooseAndUploadImages({ sourceType: ['camera'] })).rejects.toBeInstanceOf(UploadError)
  })
})
