/**
 * Seeded images, served by the server itself at `/static-assets/<name>` (no external URLs; weapp prefixes the
 * API origin, src/components/link imageUrl):
 * - posters and portraits (`cover-`, `banner-`, `news-`, `teacher-`, `figure-*.jpg`): JPEGs in
 *   server/media/images, rendered once by `scripts/seed-media.mjs` (Chromium) and committed
 *   (server/media/README.md, docs/DECISIONS.md "Seed media");
 * - the WeChat service card `wechat-<wxid>.png`: a QR code of the WeChat ID, drawn on request (`qrcode`);
 * - home grid icons `icon-<kind>.svg`: generated SVG.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import QRCode from 'qrcode'

export const SEED_IMAGE_DIR = fileURLToPath(new URL('../../media/images', import.meta.url))

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

export const BANNERS: Record<string, string[]> = {
  '1001': ['安全生产管理人员考前冲刺', '一级建造师 2025 精讲班', '特种作业操作证 在线题库'],
  '1002': ['专业技术人员继续教育', '会计继续教育 学时随时学', '职称申报 政策解读'],
}

/** The learning tab's advert of each demo tenant. */
export const LEARN_BANNERS: Record<string, string> = {
  '1001': '每日一练 坚持打卡',
  '1002': '继续教育 学时查询',
}

/** File names of the rendered seed images (scripts/seed-media.mjs writes them, the seed links them). */
export const seedImage = {
  cover: (tenantId: number, goodsKey: string) => `cover-${tenantId}-${goodsKey}.jpg`,
  teacher: (tenantId: number, index: number) => `teacher-${tenantId}-${index + 1}.jpg`,
  news: (tenantId: number, index: number) => `news-${tenantId}-${index + 1}.jpg`,
  /** `n` 1..3 for the home banners, 'learn' for the learning tab's advert */
  banner: (tenantId: number, n: number | 'learn') => `banner-${tenantId}-${n}.jpg`,
  figure: (name: string) => `figure-${name}.jpg`,
}

export const assetUrl = (name: string) => `/static-assets/${name}`

/** WeChat IDs: 6-20 letters, digits, `_` or `-`, starting with a letter. */
const WXID = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/

/** The URL of the WeChat service card (a QR code of the ID) for a tenant's WeChat ID. */
export const wechatQrUrl = (wxid: string) => (WXID.test(wxid) ? assetUrl(`wechat-${wxid}.png`) : '')

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

function icon(kind: string): string | null {
  const def = ICONS[kind]
  if (!def) return null
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" rx="28" fill="${def[1]}"/>
<text x="48" y="62" text-anchor="middle" font-size="44" font-family="sans-serif" font-weight="bold" fill="#fff">${esc(def[0])}</text>
</svg>`
}

export interface StaticAsset {
  type: string
  body: Buffer
  etag: string
  /** seconds browsers may keep it */
  maxAge: number
}

const MONTH = 30 * 24 * 3600
const cache = new Map<string, StaticAsset>()
const asset = (type: string, body: Buffer, maxAge: number): StaticAsset => ({
  type,
  body,
  maxAge,
  etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
})

async function load(name: string, dir: string): Promise<StaticAsset | null> {
  if (/^[a-z0-9-]+\.jpg$/.test(name)) {
    const file = path.join(dir, name)
    if (!fs.existsSync(file)) return null
    return asset('image/jpeg', await fs.promises.readFile(file), MONTH)
  }
  const qr = /^wechat-(.+)\.png$/.exec(name)
  if (qr && WXID.test(qr[1]!)) {
    const png = await QRCode.toBuffer(qr[1]!, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 360,
      color: { dark: '#1f2329ff', light: '#ffffffff' },
    })
    return asset('image/png', png, MONTH)
  }
  const m = /^icon-([a-z]+)\.svg$/.exec(name)
  const svg = m ? icon(m[1]!) : null
  return svg ? asset('image/svg+xml', Buffer.from(svg), 24 * 3600) : null
}

/** The seed image `name` (kept in memory once read: a few hundred KB in all), or null when there is none. */
export async function staticAsset(name: string, dir = SEED_IMAGE_DIR): Promise<StaticAsset | null> {
  const key = `${dir}\0${name}`
  const hit = cache.get(key)
  if (hit) return hit
  const found = await load(name, dir)
  if (found && cache.size < 500) cache.set(key, found)
  return found
}
