import type { CSSProperties } from 'react'

/** H5: React sets the prefixed and the standard mask (older WebKit needs the prefix). */
export function maskStyle(uri: string): CSSProperties {
  const mask = `url("${uri}") center / contain no-repeat`
  return { WebkitMask: mask, mask }
}
