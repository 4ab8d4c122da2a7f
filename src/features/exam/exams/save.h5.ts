/**
 * H5: canvas pictures as object URLs (uploadImage reads them like a picked file), the certificate saved by
 * a download link, the verify page opened in this tab.
 */
import type { CanvasNode } from './canvas'

export interface CanvasImage {
  path: string
  /** release the temporary copy once used */
  dispose?: () => void
}

function toBlob(node: CanvasNode): Promise<Blob> {
  const canvas = node as unknown as HTMLCanvasElement
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas export failed'))), 'image/png')
    } catch (e) {
      reject(e)
    }
  })
}

/**
 * The canvas as a PNG file path. The object URL carries the file name as a fragment (ignored when the blob
 * is read) so the upload keeps the .png extension.
 */
export async function canvasImage(node: CanvasNode, fileName = 'image.png'): Promise<CanvasImage> {
  const url = URL.createObjectURL(await toBlob(node))
  return { path: `${url}#${fileName}`, dispose: () => URL.revokeObjectURL(url) }
}

/** Save the canvas as a PNG: the browser downloads it. Resolves 'saved' (a download cannot be refused here). */
export async function saveCanvasImage(node: CanvasNode, fileName: string): Promise<'saved' | 'cancelled'> {
  const url = URL.createObjectURL(await toBlob(node))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.appendChild(a)
  a.click()
  a.remove()
  // the download has taken the blob by the next task; keep it a little longer for slow browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return 'saved'
}

/** Open the certificate's public verify page. */
export async function openVerifyUrl(url: string): Promise<void> {
  window.location.assign(url)
}

/** The verify link as printed: absolute (a server without PUBLIC_BASE_URL sends a path): this page's origin. */
export function absoluteVerifyUrl(url: string): string {
  if (/^https?:\/\//i.test(url)) return url
  try {
    return new URL(url, window.location.origin).href
  } catch {
    return url
  }
}
