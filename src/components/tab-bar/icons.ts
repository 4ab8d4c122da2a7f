/** Tab icons: inline SVG turned into data URIs at run time (no network, no image files). */
const PATHS = [
  // home
  'M4 11.5 12 4l8 7.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z',
  // course shop
  'M5 7h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9zM9 7a3 3 0 0 1 6 0',
  // learn
  'M3 6.5 12 3l9 3.5-9 3.5zM6 8.5V14c0 1.7 2.7 3 6 3s6-1.3 6-3V8.5M21 6.5V12',
  // question bank
  'M6 3h9l4 4v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM8.5 11h7M8.5 15h7M8.5 7h4',
  // mine
  'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
]

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** base64 of an ASCII string (btoa is missing in the mini-program runtime). */
export function base64Ascii(s: string): string {
  let out = ''
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i)
    const b = i + 1 < s.length ? s.charCodeAt(i + 1) : Number.NaN
    const c = i + 2 < s.length ? s.charCodeAt(i + 2) : Number.NaN
    const n = (a << 16) | ((b || 0) << 8) | (c || 0)
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63]
    out += Number.isNaN(b) ? '=' : B64[(n >> 6) & 63]
    out += Number.isNaN(c) ? '=' : B64[n & 63]
  }
  return out
}

export function tabIcon(index: number, color: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="${color}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><path d="${PATHS[index] ?? PATHS[0]}"/></svg>`
  return `data:image/svg+xml;base64,${base64Ascii(svg)}`
}
