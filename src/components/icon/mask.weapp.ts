import type { CSSProperties } from 'react'

/**
 * Mini-program: Taro's style object keeps only the properties it knows (`mask`) and, through setProperty,
 * names starting with '-': the prefixed mask goes in as '-webkit-mask' (older iOS webviews need it).
 */
export function maskStyle(uri: string): CSSProperties {
  const mask = `url("${uri}") center / contain no-repeat`
  return { '-webkit-mask': mask, mask } as CSSProperties
}
