/**
 * Spec §5 image rule: an image wider or taller than 2000 px goes out at 35% of its size, over 1000 px at 50%,
 * both at quality 75; anything else is uploaded as it is (null). Exactly 2000 / 1000 px fall to the lower rule.
 */
export interface CompressPlan {
  /** share of the width and height kept */
  scale: number
  /** JPEG quality, 0-100 */
  quality: number
}

export const COMPRESS_QUALITY = 75

export function compressPlan(width: number, height: number): CompressPlan | null {
  const side = Math.max(width, height)
  if (side > 2000) return { scale: 0.35, quality: COMPRESS_QUALITY }
  if (side > 1000) return { scale: 0.5, quality: COMPRESS_QUALITY }
  return null
}
