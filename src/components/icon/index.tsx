/**
 * One icon of the app's icon set (Lucide, ISC: 24 px line icons, imported one file per glyph from
 * ./glyphs so only the glyphs in use are bundled). The glyph is turned into an SVG data URI once and used as
 * a CSS mask over a box painted in `currentColor`: the icon takes the colour of its text (or `color`), which
 * works the same on weapp (no <svg> element there) and H5, as NutUI's own icons do.
 */
import { View } from '@tarojs/components'
import type { CSSProperties } from 'react'
import { base64Ascii } from '@/components/tab-bar/icons'
import type { Glyph } from './glyphs'
import { maskStyle } from './mask'
import './index.scss'

const cache = new WeakMap<Glyph, string>()

const attr = (v: string | number | undefined) => String(v ?? '').replace(/[&<>"]/g, '')

/** The glyph as an SVG document: Lucide's own drawing attributes (24 x 24, 2 px round strokes). */
export function glyphSvg(glyph: Glyph, stroke = '#000'): string {
  const body = glyph
    .map(([tag, attrs]) => {
      const a = Object.entries(attrs)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => `${k}="${attr(v)}"`)
        .join(' ')
      return `<${tag} ${a}/>`
    })
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${body}</svg>`
}

/** data:image/svg+xml;base64 URI of a glyph (cached per glyph). */
export function glyphUri(glyph: Glyph): string {
  let uri = cache.get(glyph)
  if (!uri) {
    uri = `data:image/svg+xml;base64,${base64Ascii(glyphSvg(glyph))}`
    cache.set(glyph, uri)
  }
  return uri
}

export interface IconProps {
  glyph: Glyph
  /** extra classes; size and colour usually come from them (default 40 x 40 design px, text colour) */
  className?: string
  color?: string
  style?: CSSProperties
}

export default function Icon({ glyph, className = '', color, style }: IconProps) {
  return (
    <View
      // no class of its own: the default size (a page's size class alone must win over it, whatever the CSS order)
      className={className ? `icon ${className}` : 'icon icon-md'}
      style={{ ...(color ? { backgroundColor: color } : {}), ...maskStyle(glyphUri(glyph)), ...style }}
    />
  )
}
