/**
 * Seeded images, generated as SVG and served by the server itself at `/static-assets/<name>.svg`
 * (no external URLs): banners `banner-<tenant>-<n>.svg`, home icons `icon-<kind>.svg`, covers `cover-<n>.svg`.
 */
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

const PALETTES: Record<string, [string, string]> = {
  '1001': ['#1677ff', '#69b1ff'],
  '1002': ['#13a35b', '#7bd88f'],
}

export const BANNERS: Record<string, string[]> = {
  '1001': ['安全生产管理人员考前冲刺', '一级建造师 2025 精讲班', '特种作业操作证 在线题库'],
  '1002': ['专业技术人员继续教育', '会计继续教育 学时随时学', '职称申报 政策解读'],
}

const ICONS: Record<string, [string, string]> = {
  course: ['课', '#ff7a45'],
  bank: ['题', '#1677ff'],
  exam: ['考', '#eb2f96'],
  learn: ['学', '#13c2c2'],
  news: ['讯', '#faad14'],
  live: ['播', '#722ed1'],
  cert: ['证', '#52c41a'],
  service: ['服', '#2f54eb'],
}

function banner(tenantId: string, n: number): string | null {
  const title = BANNERS[tenantId]?.[n - 1]
  const [a, b] = PALETTES[tenantId] ?? ['#888', '#ccc']
  if (!title) return null
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="750" height="300" rx="16" fill="url(#g)"/>
<circle cx="640" cy="70" r="110" fill="#fff" opacity=".12"/><circle cx="700" cy="260" r="70" fill="#fff" opacity=".1"/>
<text x="48" y="150" font-size="44" font-family="sans-serif" font-weight="bold" fill="#fff">${esc(title)}</text>
<text x="48" y="210" font-size="26" font-family="sans-serif" fill="#fff" opacity=".9">立即报名 · 名师直播 · 海量题库</text>
</svg>`
}

function icon(kind: string): string | null {
  const def = ICONS[kind]
  if (!def) return null
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" rx="28" fill="${def[1]}"/>
<text x="48" y="62" text-anchor="middle" font-size="44" font-family="sans-serif" font-weight="bold" fill="#fff">${def[0]}</text>
</svg>`
}

function cover(n: number): string {
  const hue = (n * 47) % 360
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">
<rect width="320" height="200" fill="hsl(${hue},60%,55%)"/><rect x="24" y="40" width="180" height="18" rx="9" fill="#fff" opacity=".8"/>
<rect x="24" y="76" width="260" height="12" rx="6" fill="#fff" opacity=".5"/><rect x="24" y="100" width="220" height="12" rx="6" fill="#fff" opacity=".5"/>
</svg>`
}

export function assetSvg(name: string): string | null {
  let m = /^banner-(\d+)-(\d)\.svg$/.exec(name)
  if (m) return banner(m[1]!, Number(m[2]))
  m = /^icon-([a-z]+)\.svg$/.exec(name)
  if (m) return icon(m[1]!)
  m = /^cover-(\d{1,3})\.svg$/.exec(name)
  if (m) return cover(Number(m[1]))
  return null
}
