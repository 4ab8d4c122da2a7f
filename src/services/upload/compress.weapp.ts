/** The §5 size rule in the mini-program: the platform's own compressImage at the planned width and quality. */
import Taro from '@tarojs/taro'
import { compressPlan } from '../../lib/image-compress'

export interface PreparedImage {
  path: string
  /** release a temporary copy once it is uploaded */
  dispose?: () => void
}

export async function prepareImage(filePath: string): Promise<PreparedImage> {
  const info = await Taro.getImageInfo({ src: filePath })
  const plan = compressPlan(info.width, info.height)
  if (!plan) return { path: filePath }
  const res = await Taro.compressImage({
    src: filePath,
    quality: plan.quality,
    compressedWidth: Math.round(info.width * plan.scale),
  })
  return { path: res.tempFilePath }
}
