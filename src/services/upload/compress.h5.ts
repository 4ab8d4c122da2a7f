/**
 * The §5 size rule in the browser: the picked image is drawn on a canvas at the planned scale and encoded as
 * JPEG at the planned quality; the result is an object URL (released after the upload). Without a usable
 * canvas the image goes as it is.
 */
import { compressPlan } from '../../lib/image-compress'

export interface PreparedImage {
  path: string
  /** release a temporary copy once it is uploaded */
  dispose?: () => void
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image()
    img.onload = () => resolve(img)
    img.onerror = () => reject(new Error('not an image'))
    img.src = src
  })
}

export async function prepareImage(filePath: string): Promise<PreparedImage> {
  const img = await loadImage(filePath)
  const plan = compressPlan(img.naturalWidth, img.naturalHeight)
  if (!plan) return { path: filePath }
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(img.naturalWidth * plan.scale))
  canvas.height = Math.max(1, Math.round(img.naturalHeight * plan.scale))
  const ctx = canvas.getContext('2d')
  if (!ctx) return { path: filePath }
  ctx.fillStyle = '#fff' // JPEG has no transparency: white, not black, behind a transparent PNG
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', plan.quality / 100))
  if (!blob) return { path: filePath }
  const url = URL.createObjectURL(blob)
  return { path: url, dispose: () => URL.revokeObjectURL(url) }
}
