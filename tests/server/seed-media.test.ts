/**
 * The seed's media (docs/DECISIONS.md "Seed media"): every image a demo row names is a rendered JPEG of its
 * kind's size served with long cache headers (no generated SVG block), one distinct cover per goods; the WeChat
 * service card is a QR code of the tenant's WeChat ID; every course plays its own lesson video (slides + voice,
 * H.264/AAC, 3-5 minutes, under 1.5 MB) with the file's length; the handouts are the PDFs the media script prints
 * (tests/server/seed-content.test.ts checks their pages); the media script's plan matches the committed files;
 * a data dir seeded before all this is pointed at the new media on start.
 */
import fs from 'node:fs'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { and, asc, eq, inArray, like } from 'drizzle-orm'
import QRCode from 'qrcode'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error the media script is plain ESM without types
import * as plan from '../../scripts/seed-media/plan.mjs'
import {
  advertising,
  config,
  consultation,
  course,
  courseSection,
  goods,
  homeItem,
  teacher,
} from '../../server/src/db/schema'
import { forgetSeedVersion, seedIfEmpty } from '../../server/src/seed'
import { SEED_IMAGE_DIR } from '../../server/src/seed/assets'
import { TENANTS } from '../../server/src/seed/data'
import { mp4Seconds, SEED_MEDIA_DIR } from '../../server/src/seed/learn'
import { LESSON_VIDEOS } from '../../server/src/seed/learn-data'
import { CATALOGUES } from '../../server/src/seed/shop-data'
import { freshPglite, type Harness, harness } from './helpers'

const DEMO = TENANTS.map((t) => t.id)
const { expectedFiles, handoutHash, handoutJobs, imageJobs, inputHash, jobHtml, lessonHash, lessonJobs } = plan
const VIDEO_DIR = path.join(SEED_MEDIA_DIR, 'video')

/** Width and height of a baseline or progressive JPEG (its SOF marker). */
function jpegSize(b: Buffer): [number, number] | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null
  for (let i = 2; i + 9 < b.length; ) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    if (marker >= 0xc0 && marker <= 0xc2) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)]
    i += 2 + b.readUInt16BE(i + 2)
  }
  return null
}

/** Greyscale pixels of an 8-bit PNG (grey, RGB or RGBA; the five row filters). */
function pngGrey(b: Buffer): { width: number; height: number; at(x: number, y: number): number } {
  let i = 8
  let width = 0
  let height = 0
  let type = 0
  const idat: Buffer[] = []
  while (i < b.length) {
    const len = b.readUInt32BE(i)
    const kind = b.toString('latin1', i + 4, i + 8)
    const data = b.subarray(i + 8, i + 8 + len)
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      expect(data[8]).toBe(8)
      type = data[9]!
    }
    if (kind === 'IDAT') idat.push(data)
    i += 12 + len
  }
  const bpp = type === 6 ? 4 : type === 2 ? 3 : 1
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * bpp
  const px = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!
      const a = x >= bpp ? px[y * stride + x - bpp]! : 0
      const up = y > 0 ? px[(y - 1) * stride + x]! : 0
      const c = x >= bpp && y > 0 ? px[(y - 1) * stride + x - bpp]! : 0
      const p = a + up - c
      const pred = [
        0,
        a,
        up,
        (a + up) >> 1,
        Math.abs(p - a) <= Math.abs(p - up) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - up) <= Math.abs(p - c)
            ? up
            : c,
      ][filter]!
      px[y * stride + x] = (v + pred) & 255
    }
  }
  return { width, height, at: (x, y) => px[y * stride + x * bpp]! }
}

const SIZES: Record<string, [number, number, number]> = {
  // kind: width, height, max bytes
  cover: [750, 420, 40_000],
  banner: [750, 300, 40_000],
  news: [280, 196, 16_000],
  teacher: [160, 160, 12_000],
  figure: [640, 400, 45_000],
}

describe('seed media', () => {
  let h: Harness
  beforeAll(async () => {
    h = await harness(await freshPglite())
  })
  afterAll(async () => {
    await h?.close()
  })

  const db = () => h.database.db
  const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ url, headers })

  /** Every image URL the demo rows name, with where it came from. */
  async function references(): Promise<[string, string][]> {
    const refs: [string, string][] = []
    const add = (where: string, urls: string[]) => {
      for (const u of urls) refs.push([where, u])
    }
    add(
      'goods',
      (await db().select({ u: goods.cover }).from(goods).where(inArray(goods.tenantId, DEMO))).map((r) => r.u),
    )
    add(
      'course',
      (await db().select({ u: course.cover }).from(course).where(inArray(course.tenantId, DEMO))).map((r) => r.u),
    )
    add(
      'teacher',
      (await db().select({ u: teacher.avatar }).from(teacher).where(inArray(teacher.tenantId, DEMO))).map((r) => r.u),
    )
    const articles = await db()
      .select({ cover: consultation.cover, content: consultation.content })
      .from(consultation)
      .where(inArray(consultation.tenantId, DEMO))
    add(
      'article',
      articles.map((a) => a.cover),
    )
    add(
      'article body',
      articles.flatMap((a) => [...a.content.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]!)),
    )
    add(
      'advert',
      (await db().select({ u: advertising.image }).from(advertising).where(inArray(advertising.tenantId, DEMO))).map(
        (r) => r.u,
      ),
    )
    return refs
  }

  it('serves every image a demo row names as a rendered JPEG of its size, with long cache headers', async () => {
    const refs = await references()
    expect(refs.length).toBeGreaterThan(80)
    for (const [where, url] of refs) {
      expect(url, where).toMatch(/^\/static-assets\/(cover|teacher|news|banner|figure)-[a-z0-9-]+\.jpg$/)
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1])).toBeGreaterThanOrEqual(
        30 * 24 * 3600,
      )
      const [w, hgt, max] = SIZES[/^\/static-assets\/([a-z]+)-/.exec(url)![1]!]!
      expect(jpegSize(res.rawPayload), url).toEqual([w, hgt])
      expect(res.rawPayload.length, url).toBeLessThanOrEqual(max)
      expect(res.rawPayload.length, url).toBeGreaterThan(2_000) // a picture, not a flat block
      const again = await get(url, { 'if-none-match': String(res.headers.etag) })
      expect(again.statusCode).toBe(304)
    }
    // one cover per goods, one portrait per teacher: distinct pictures
    const covers = refs.filter(([w]) => w === 'goods').map(([, u]) => u)
    expect(new Set(covers).size).toBe(covers.length)
    const bodies = await Promise.all(covers.map(async (u) => (await get(u)).headers.etag))
    expect(new Set(bodies).size).toBe(covers.length)
  })

  it('refuses names that are not seed images', async () => {
    for (const name of [
      'cover-1.svg',
      '..%2Fpackage.json',
      'cover-1001-nope.jpg',
      'wechat-ab.png',
      'wechat-1abcdef.png',
    ])
      expect((await get(`/static-assets/${name}`)).statusCode, name).toBe(404)
  })

  it("draws the WeChat service card as a QR code of the tenant's WeChat ID", async () => {
    for (const id of DEMO) {
      const [row] = await db()
        .select({ v: config.configValue })
        .from(config)
        .where(and(eq(config.tenantId, id), eq(config.configKey, 'consult.mobile')))
      const consult = JSON.parse(row!.v) as { serviceWechatImg: string; serviceWechatNumber: string }
      const res = await get(consult.serviceWechatImg)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(String(res.headers['cache-control'])).toMatch(/max-age=\d{7,}/)
      const png = pngGrey(res.rawPayload)
      const qr = QRCode.create(consult.serviceWechatNumber, { errorCorrectionLevel: 'M' })
      const n = qr.modules.size
      const scale = png.width / (n + 4) // a quiet zone of 2 modules each side
      expect(scale).toBeGreaterThanOrEqual(4)
      for (let r = 0; r < n; r++)
        for (let c = 0; c < n; c++) {
          const dark = png.at(Math.floor((c + 2.5) * scale), Math.floor((r + 2.5) * scale)) < 128
          expect(dark, `module ${r},${c}`).toBe(qr.modules.get(r, c) === 1)
        }
    }
  })

  it('plays each course its own lesson video, with the length read from the file', async () => {
    const rows = await db()
      .select({
        tenantId: courseSection.tenantId,
        videoId: courseSection.videoId,
        duration: courseSection.durationSeconds,
        course: course.name,
      })
      .from(courseSection)
      .innerJoin(course, eq(course.id, courseSection.courseId))
      .where(inArray(courseSection.tenantId, DEMO))
    expect(rows.length).toBeGreaterThan(100)
    for (const s of rows) {
      const want = LESSON_VIDEOS[s.tenantId]?.[s.course]
      expect(want, `${s.tenantId} ${s.course}`).toBeDefined()
      expect(s.videoId).toBe(want)
      expect(s.duration).toBe(mp4Seconds(path.join(VIDEO_DIR, want!)))
    }
  })

  it('ships lesson videos of 3-5 minutes with H.264 video and AAC audio, each under 1.5 MB', () => {
    const files = fs.readdirSync(VIDEO_DIR).filter((f) => f.endsWith('.mp4'))
    expect(files.length).toBeGreaterThanOrEqual(10)
    for (const f of files) {
      const buf = fs.readFileSync(path.join(VIDEO_DIR, f))
      const seconds = mp4Seconds(path.join(VIDEO_DIR, f))!
      expect(seconds, f).toBeGreaterThanOrEqual(180)
      expect(seconds, f).toBeLessThanOrEqual(300)
      expect(buf.length, f).toBeLessThan(1_500_000)
      expect(buf.includes('avc1'), f).toBe(true)
      expect(buf.includes('mp4a'), f).toBe(true)
      // faststart: the movie header comes before the media data, so playback starts before the download ends
      expect(buf.indexOf('moov'), f).toBeLessThan(buf.indexOf('mdat'))
    }
  })

  it("matches the media script's plan: every file it renders is committed, up to date, and nothing else", () => {
    const planned = expectedFiles() as { images: string[]; videos: string[]; handouts: string[] }
    expect(fs.readdirSync(SEED_IMAGE_DIR).sort()).toEqual([...planned.images].sort())
    expect(
      fs
        .readdirSync(VIDEO_DIR)
        .filter((f) => f.endsWith('.mp4'))
        .sort(),
    ).toEqual(planned.videos)
    const lessons = (lessonJobs() as { file: string; slides: { points: unknown[] }[] }[]).map((l) => l.file).sort()
    expect(lessons).toEqual(planned.videos)
    for (const l of lessonJobs() as { file: string; slides: { points: unknown[] }[] }[]) {
      expect(l.slides.length, l.file).toBeGreaterThanOrEqual(5)
      expect(l.slides.length, l.file).toBeLessThanOrEqual(7)
    }
    // the handouts: every one a goods lists is printed, and nothing else
    expect(fs.readdirSync(path.join(SEED_MEDIA_DIR, 'handout')).sort()).toEqual(planned.handouts)
    expect((handoutJobs() as { file: string }[]).map((j) => j.file).sort()).toEqual(planned.handouts)
    // and each was rendered from what the seed says now (names, tags, teachers, lesson text): a seed change
    // needs `npx tsx scripts/seed-media.mjs` (server/media/README.md)
    const manifest = JSON.parse(fs.readFileSync(path.join(SEED_MEDIA_DIR, 'manifest.json'), 'utf8')) as {
      images: Record<string, string>
      videos: Record<string, string>
      handouts: Record<string, string>
    }
    const stale = [
      ...(imageJobs() as { file: string }[]).filter((j) => manifest.images[j.file] !== inputHash(jobHtml(j))),
      ...(lessonJobs() as { file: string }[]).filter((l) => manifest.videos[l.file] !== lessonHash(l)),
      ...(handoutJobs() as { file: string }[]).filter((j) => manifest.handouts[j.file] !== handoutHash(j)),
    ].map((j) => j.file)
    expect(stale, 'rendered from older seed data: run npx tsx scripts/seed-media.mjs').toEqual([])
    expect(Object.keys(manifest.images).sort()).toEqual([...planned.images].sort())
    expect(Object.keys(manifest.videos).sort()).toEqual(planned.videos)
    expect(Object.keys(manifest.handouts).sort()).toEqual(planned.handouts)
    // every seeded course has its lesson
    for (const [id, cat] of Object.entries(CATALOGUES))
      for (const g of cat.goods)
        for (const c of g.courses ?? []) expect(LESSON_VIDEOS[Number(id)]?.[c.name], c.name).toBeDefined()
  })

  it('points a data dir seeded with the old generated images and videos at the new media on start', async () => {
    const database = await freshPglite()
    const d = database.db
    try {
      // as the seed left them before: SVG blocks by index, the icon as WeChat card, test-pattern videos
      for (const t of TENANTS) {
        const base = t.id % 10
        const gs = await d
          .select({ id: goods.id })
          .from(goods)
          .where(eq(goods.tenantId, t.id))
          .orderBy(asc(goods.sort), asc(goods.id))
        for (const [i, g] of gs.entries()) {
          await d
            .update(goods)
            .set({ cover: `/static-assets/cover-${base * 100 + i}.svg` })
            .where(eq(goods.id, g.id))
        }
        const ts = await d
          .select({ id: teacher.id })
          .from(teacher)
          .where(eq(teacher.tenantId, t.id))
          .orderBy(asc(teacher.id))
        for (const [i, tc] of ts.entries())
          await d
            .update(teacher)
            .set({ avatar: `/static-assets/cover-${base * 100 + 90 + i}.svg` })
            .where(eq(teacher.id, tc.id))
        await d
          .update(advertising)
          .set({ image: `/static-assets/banner-${t.id}-3.svg` })
          .where(and(eq(advertising.tenantId, t.id), eq(advertising.location, 'learn')))
        await d
          .update(config)
          .set({
            configValue: JSON.stringify({
              serviceWechatImg: '/static-assets/icon-service.svg',
              serviceWechatNumber: 'x_abcdef',
            }),
          })
          .where(and(eq(config.tenantId, t.id), eq(config.configKey, 'consult.mobile')))
      }
      await d
        .update(courseSection)
        .set({ videoId: 'lesson-30.mp4', durationSeconds: 30 })
        .where(eq(courseSection.tenantId, 1001))
      const before = await d.select({ cover: goods.cover }).from(goods).where(like(goods.cover, '%.svg'))
      expect(before.length).toBeGreaterThan(20)

      await forgetSeedVersion(d) // seeded before the media refresh
      expect(await seedIfEmpty(d)).toBe(false) // a start on an existing data dir

      expect(await d.select({ cover: goods.cover }).from(goods).where(like(goods.cover, '%.svg'))).toEqual([])
      expect(await d.select({ a: teacher.avatar }).from(teacher).where(like(teacher.avatar, '%.svg'))).toEqual([])
      const [aq] = await d
        .select({ cover: goods.cover })
        .from(goods)
        .where(eq(goods.name, '2025安全生产管理人员全程班'))
      expect(aq!.cover).toBe('/static-assets/cover-1001-aq-full.jpg')
      const learn = await d
        .select({ image: advertising.image })
        .from(advertising)
        .where(and(eq(advertising.tenantId, 1002), eq(advertising.location, 'learn')))
      expect(learn).toEqual([{ image: '/static-assets/banner-1002-learn.jpg' }])
      const [consult] = await d
        .select({ v: config.configValue })
        .from(config)
        .where(and(eq(config.tenantId, 1001), eq(config.configKey, 'consult.mobile')))
      expect(JSON.parse(consult!.v).serviceWechatImg).toBe('/static-assets/wechat-x_abcdef.png')
      const sections = await d
        .select({ videoId: courseSection.videoId, duration: courseSection.durationSeconds, course: course.name })
        .from(courseSection)
        .innerJoin(course, eq(course.id, courseSection.courseId))
        .where(eq(courseSection.tenantId, 1001))
      for (const s of sections) {
        expect(s.videoId).toBe(LESSON_VIDEOS[1001]![s.course])
        expect(s.duration).toBe(mp4Seconds(path.join(VIDEO_DIR, s.videoId)))
      }
      // home grid icons are not seed posters: left as they are
      const icons = await d.select({ icon: homeItem.icon }).from(homeItem).where(eq(homeItem.tenantId, 1001))
      expect(icons.every((i) => i.icon.startsWith('/static-assets/icon-'))).toBe(true)
    } finally {
      await database.close()
    }
  })
})
