/** Brand colour maths both sides use: the app's theme variables and the server's first-screen page. */
const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/** WCAG contrast ratio of a colour (as channels) against white. */
const contrastOnWhite = (rgb: number[]) => 1.05 / (luminance(rgb) + 0.05)

// 4.5:1 is WCAG AA for small text; the margin keeps it on the light grey page and chip backgrounds too
const INK_CONTRAST = 5

/**
 * The brand colour darkened in steps (same hue) until small text in it on white, or white text on it, reads at WCAG
 * AA: a tenant's brand colour comes from its config at run time (#1677ff reads 4.1:1, a green like #13a35b 3.3:1).
 * Labels, links and small buttons use it (--primary-ink); large brand surfaces keep the brand itself (--primary).
 */
export function inkOf(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex
  const rgb = channels(hex)
  let f = 1
  let out = rgb
  while (contrastOnWhite(out) < INK_CONTRAST && f > 0) {
    f -= 0.02
    out = rgb.map((v) => Math.round(v * f))
  }
  return out === rgb ? hex : `#${out.map((v) => v.toString(16).padStart(2, '0')).join('')}`
}

/**
 * The channels of a #rrggbb colour as `r, g, b`, for `rgba(var(--primary-rgb), 0.1)`: a light tint of the brand
 * that every webview draws (color-mix needs Chrome 111 / iOS 16.2); '' for anything else.
 */
export function rgbOf(hex: string): string {
  return /^#[0-9a-f]{6}$/i.test(hex) ? channels(hex).join(', ') : ''
}
