/**
 * Believable demo content (issue 25, docs/DECISIONS.md "Demo content"): lessons of a few minutes, handouts of several
 * pages that belong to their goods' subject, news articles of several paragraphs, tags that claim no more than the
 * goods holds, home recommendations that are goods of the school, goods introductions of real length; and a database
 * seeded with the old content gets the new where the school left it as seeded.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { advertising, bank, consultation, goods, handout, question } from '../../server/src/db/schema'
import { forgetSeedVersion, seedIfEmpty } from '../../server/src/seed'
import { TENANTS } from '../../server/src/seed/data'
import { mp4Seconds, SEED_MEDIA_DIR } from '../../server/src/seed/learn'
import { LESSON_VIDEOS, lessonTopic, OLD_HANDOUT_FILES } from '../../server/src/seed/learn-data'
import { CATALOGUES } from '../../server/src/seed/shop-data'
import { call, freshPglite, type Harness, harness } from './helpers'

const DEMO = TENANTS.map((t) => t.id)
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, '')
/** Pages of a PDF: one `/Type /Page` object per page (Chromium writes them uncompressed). */
const pdfPages = (buf: Buffer) => buf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0

describe('demo content', () => {
  let h: Harness
  beforeAll(async () => {
    h = await harness(await freshPglite())
  })
  afterAll(async () => {
    await h?.close()
  })
  const db = () => h.database.db

  it('plays lessons of a few minutes', () => {
    const files = [...new Set(Object.values(LESSON_VIDEOS).flatMap((m) => Object.values(m)))]
    expect(files.length).toBeGreaterThanOrEqual(10)
    for (const f of files) {
      const seconds = mp4Seconds(path.join(SEED_MEDIA_DIR, 'video', f))!
      expect(seconds, f).toBeGreaterThanOrEqual(150)
      expect(seconds, f).toBeLessThanOrEqual(330)
    }
  })

  it('lists handouts of several pages, each of its goods’ own subject', async () => {
    const rows = await db()
      .select({ goodsName: goods.name, name: handout.name, file: handout.fileKey, size: handout.size })
      .from(handout)
      .innerJoin(goods, eq(goods.id, handout.goodsId))
      .where(inArray(handout.tenantId, DEMO))
    expect(rows.length).toBeGreaterThan(30)
    for (const r of rows) {
      const buf = fs.readFileSync(path.join(SEED_MEDIA_DIR, 'handout', r.file))
      expect(buf.subarray(0, 5).toString(), r.file).toBe('%PDF-')
      expect(buf.length, r.file).toBe(r.size)
      expect(pdfPages(buf), r.file).toBeGreaterThanOrEqual(4)
      expect(pdfPages(buf), r.file).toBeLessThanOrEqual(8)
      expect(OLD_HANDOUT_FILES, r.file).not.toContain(r.file)
    }
    // a goods lists the handouts of the topics its own courses teach, nothing else
    for (const t of DEMO)
      for (const g of CATALOGUES[t]!.goods.filter((x) => x.type === 1)) {
        const topics = new Set((g.courses ?? []).map((c) => lessonTopic(LESSON_VIDEOS[t]?.[c.name])))
        const listed = rows.filter((r) => r.goodsName === g.name)
        expect(listed.length, g.name).toBeGreaterThanOrEqual(2)
        for (const r of listed)
          expect(topics, `${g.name}: ${r.file}`).toContain(r.file.replace(/-(notes|drill)\.pdf$/, ''))
      }
    // the safety course lists safety handouts, not the electrician's
    const safety = rows.filter((r) => r.goodsName === '2025安全生产管理人员全程班')
    expect(safety.map((r) => r.name).every((n) => n.startsWith('安全生产'))).toBe(true)
    expect(safety.some((r) => /electrical|电工/.test(r.file + r.name))).toBe(false)
  })

  it('publishes news articles of several paragraphs', async () => {
    const rows = await db()
      .select({ title: consultation.title, content: consultation.content })
      .from(consultation)
      .where(inArray(consultation.tenantId, DEMO))
    expect(rows.length).toBe(TENANTS.reduce((n, t) => n + t.articles.length, 0))
    for (const r of rows) {
      expect(r.content.match(/<p>/g)?.length ?? 0, r.title).toBeGreaterThanOrEqual(3)
      expect(text(r.content).length, r.title).toBeGreaterThanOrEqual(200)
    }
  })

  it('tags no goods with more questions or hours than it holds', async () => {
    const rows = await db()
      .select({
        id: goods.id,
        name: goods.name,
        type: goods.goodsType,
        tags: goods.tags,
        seconds: goods.requiredSeconds,
      })
      .from(goods)
      .where(inArray(goods.tenantId, DEMO))
    for (const g of rows) {
      const [{ n } = { n: 0 }] = await db()
        .select({ n: count() })
        .from(question)
        .innerJoin(bank, eq(bank.id, question.bankId))
        .where(eq(bank.goodsId, g.id))
      for (const tag of g.tags) {
        const questions = /(\d+)\+?\s*(道|题)/.exec(tag)
        if (questions) expect(Number(questions[1]), `${g.name}: ${tag}`).toBeLessThanOrEqual(Number(n))
        // a 学时 (45 minutes) figure must be what the goods asks for
        const hours = /(\d+)\s*学时/.exec(tag)
        if (hours) expect(Number(hours[1]) * 45 * 60, `${g.name}: ${tag}`).toBeLessThanOrEqual(g.seconds)
        expect(tag, g.name).not.toMatch(/真题|官方|国家题库/)
      }
      if (g.type === 2) expect(Number(n), g.name).toBeGreaterThan(0)
    }
  })

  it('recommends goods of the school on the home page, linking to them', async () => {
    for (const tenant of DEMO) {
      const ads = await call<{ title: string; image: string; linkUrl: string }[]>(
        h.app,
        'GET /app/common/base/advertising/adLocation',
        { tenant, query: { location: 'recommend' } },
      )
      expect(ads.data.length, String(tenant)).toBeGreaterThanOrEqual(3)
      for (const ad of ads.data) {
        const m = /^\/pages3\/course\/(detail|jydetail)\?id=(\d+)$/.exec(ad.linkUrl)
        expect(m, ad.linkUrl).not.toBeNull()
        const g = await call<{ goodsName: string; goodsType: number; cover: string; onSale: boolean }>(
          h.app,
          'GET /app/common/goods/:id',
          { tenant, params: { id: m![2]! } },
        )
        expect(g.code, ad.linkUrl).toBe(200)
        expect(g.data).toMatchObject({ goodsName: ad.title, cover: ad.image, onSale: true })
        expect(m![1] === 'jydetail', ad.title).toBe(g.data.goodsType === 4)
        // another school does not have it
        const other = DEMO.find((x) => x !== tenant)!
        expect((await call(h.app, 'GET /app/common/goods/:id', { tenant: other, params: { id: m![2]! } })).code).toBe(
          404,
        )
      }
    }
  })

  it('introduces every goods in several paragraphs: contents, audience, teachers, exam', async () => {
    const rows = await db()
      .select({ name: goods.name, description: goods.description })
      .from(goods)
      .where(and(inArray(goods.tenantId, DEMO), eq(goods.status, 1)))
    expect(rows.length).toBe(Object.values(CATALOGUES).reduce((n, c) => n + c.goods.length, 0))
    for (const g of rows) {
      expect(text(g.description).length, g.name).toBeGreaterThanOrEqual(250)
      expect(g.description.match(/<p>/g)?.length ?? 0, g.name).toBeGreaterThanOrEqual(4)
      for (const part of ['适合人群', '学习服务']) expect(g.description, g.name).toContain(part)
    }
  })

  it('brings the old demo content of an older database up to date where the school left it', async () => {
    const database = await freshPglite()
    const d = database.db
    try {
      // as the old seed left them (its exact HTML), one article a school edited, an old one-page handout
      const oldArticle = '<p>学习记录每隔60秒自动同步一次。</p><p>如长时间未同步，请检查网络后重新进入课程页面。</p>'
      const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16)
      expect(hash(oldArticle)).toBe('73c45f364333f792')
      await d
        .update(consultation)
        .set({ content: oldArticle })
        .where(and(eq(consultation.tenantId, 1002), eq(consultation.title, '学员常见问题：学习记录不同步怎么办')))
      await d
        .update(consultation)
        .set({ content: '<p>学校自己写的内容。</p>' })
        .where(and(eq(consultation.tenantId, 1002), eq(consultation.title, '中级职称申报条件与评审流程')))
      await d
        .update(goods)
        .set({
          description: '<p>按章节分类的练习题与历年真题，支持模拟考试与错题重练。</p>',
          tags: ['2000+真题', '错题本'],
        })
        .where(and(eq(goods.tenantId, 1001), eq(goods.name, '安全生产管理人员考试题库')))
      const [aq] = await d
        .select({ id: goods.id })
        .from(goods)
        .where(and(eq(goods.tenantId, 1001), eq(goods.name, '2025安全生产管理人员全程班')))
      await d.insert(handout).values({
        tenantId: 1001,
        goodsId: aq!.id,
        name: '电工基础讲义',
        fileKey: 'electrical-basics.pdf',
        fileType: 'pdf',
        size: 118555,
        free: false,
      })

      // and no recommendations yet
      await d.delete(advertising).where(eq(advertising.location, 'recommend'))

      await forgetSeedVersion(d)
      expect(await seedIfEmpty(d)).toBe(false)

      const article = async (title: string) =>
        (
          await d
            .select({ content: consultation.content })
            .from(consultation)
            .where(and(eq(consultation.tenantId, 1002), eq(consultation.title, title)))
        )[0]!.content
      expect((await article('学员常见问题：学习记录不同步怎么办')).match(/<p>/g)!.length).toBeGreaterThanOrEqual(3)
      expect(await article('中级职称申报条件与评审流程')).toBe('<p>学校自己写的内容。</p>')
      const [bankGoods] = await d
        .select({ description: goods.description, tags: goods.tags })
        .from(goods)
        .where(and(eq(goods.tenantId, 1001), eq(goods.name, '安全生产管理人员考试题库')))
      expect(bankGoods!.tags).toEqual(['388道练习题', '错题本', '模拟考试'])
      expect(bankGoods!.description).toContain('题库共8章、388道题')
      const files = await d.select({ file: handout.fileKey }).from(handout).where(eq(handout.goodsId, aq!.id))
      expect(files.map((f) => f.file).sort()).toEqual([
        'safety-law-drill.pdf',
        'safety-law-notes.pdf',
        'safety-management-drill.pdf',
        'safety-management-notes.pdf',
      ])
      for (const tenantId of DEMO) {
        const [ads] = await d
          .select({ n: count() })
          .from(advertising)
          .where(and(eq(advertising.tenantId, tenantId), eq(advertising.location, 'recommend')))
        expect(Number(ads!.n)).toBeGreaterThanOrEqual(3)
      }
    } finally {
      await database.close()
    }
  })
})
