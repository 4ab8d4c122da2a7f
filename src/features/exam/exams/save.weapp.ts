/**
 * Mini-program: canvas pictures through canvasToTempFilePath, the certificate saved to the photo album
 * (a refused album permission leads to the settings page), the verify link copied (a mini-program cannot
 * open an arbitrary web page).
 */
import Taro from '@tarojs/taro'
import { absoluteUrl } from '@/features/order/pay-types'
import { tenantConfig } from '@/services/tenant/config'
import type { CanvasNode } from './canvas'
import { tx } from './messages'

export interface CanvasImage {
  path: string
  dispose?: () => void
}

export async function canvasImage(node: CanvasNode, _fileName = 'image.png'): Promise<CanvasImage> {
  const res = await Taro.canvasToTempFilePath({
    canvas: node as unknown as Taro.Canvas,
    fileType: 'png',
    destWidth: node.width,
    destHeight: node.height,
  } as Taro.canvasToTempFilePath.Option)
  return { path: res.tempFilePath }
}

const errMsg = (e: unknown) => String((e as { errMsg?: unknown } | null)?.errMsg ?? e)

export async function saveCanvasImage(node: CanvasNode, _fileName: string): Promise<'saved' | 'cancelled'> {
  const { path } = await canvasImage(node)
  try {
    await Taro.saveImageToPhotosAlbum({ filePath: path })
    return 'saved'
  } catch (e) {
    const msg = errMsg(e)
    if (/auth|deny|denied|authorize/i.test(msg)) {
      const r = await Taro.showModal({
        title: tx('album.title'),
        content: tx('album.content'),
        confirmText: tx('album.open'),
        cancelText: tx('modal.cancel'),
      })
      if (r.confirm) await Taro.openSetting()
      return 'cancelled'
    }
    if (/cancel/i.test(msg)) return 'cancelled'
    throw e
  }
}

export async function openVerifyUrl(url: string): Promise<void> {
  await Taro.setClipboardData({ data: absoluteVerifyUrl(url) })
  Taro.showToast({ title: tx('cert.verifyCopied'), icon: 'none', duration: 2500 })
}

/** The verify link as printed: absolute (a server without PUBLIC_BASE_URL sends a path): the API's origin. */
export function absoluteVerifyUrl(url: string): string {
  return absoluteUrl(url, tenantConfig.apiBase, tenantConfig.fallbackHost)
}
