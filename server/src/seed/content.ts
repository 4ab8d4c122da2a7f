/**
 * A demo database seeded before the demo content was rewritten (issue 25, docs/DECISIONS.md "Demo content") gets the
 * new content where the school has not touched the old: an article whose body is still the old seed's (compared by a
 * hash of the old sanitised HTML), a goods whose description or tags are still the old seed's, the hour target of a
 * continuing-education goods still computed from the old half-minute lessons. Anything a school edited stays as it
 * is. (Lessons and handouts follow their files: ./learn.ts.)
 */
import { createHash } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { consultation, courseSection, goods, goodsCourse, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { sanitizeArticle } from '../services/sanitize'
import { TENANTS } from './data'
import { goodsIntro } from './goods-intro'
import { LEARN_COURSE_SEEDS } from './learn-course-data'
import { CATALOGUES } from './shop-data'

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16)

/** The old seed's article bodies (sanitised), by tenant, in data.ts order. */
const OLD_ARTICLES: Record<number, string[]> = {
  1001: [
    '7626b5db88c38ae9',
    '7f3dc67e9fc80e9c',
    '722a546915bb5f64',
    '6298c3ec2d11ed2f',
    'b904478b550bd95c',
    '06f478a4d5d718d4',
    'c6a21ef95335c102',
    'f5d8ed6dd8d42908',
  ],
  1002: [
    '65f7da874828ca28',
    'e7166e5a7891d5db',
    '89de05e9fa48e2d2',
    '593b99a4f0398d63',
    '9f3a94de098e66d9',
    '61138c538fdb0ace',
    '5eccead17e295cc0',
    '73c45f364333f792',
    'c28f1b797735258d',
  ],
}

/** Old summaries that said something the goods does not hold. */
const OLD_SUMMARIES: Record<string, string> = {
  '继续教育公需科目：数字经济与创新发展': '本年度公需课程已上线，共30学时。',
}

/** The old seed's goods descriptions (sanitised), by tenant and goods key. */
const OLD_DESCRIPTIONS: Record<number, Record<string, string>> = {
  1001: {
    'aq-full': '38a3d7def1321901',
    'aq-bank': '380b2687cdc73c5c',
    'tz-dg': '2cd7e2678363185b',
    'tz-bank': '9c3a17fdc03173b4',
    'yj-jj': '83ca2fc5c789b190',
    'yj-sw': '1028847de023164c',
    'yj-bank': '184c5b824bbaee12',
    'yj-live': 'f6f6aeb6fee17a72',
    'ej-sw': '3337171046b23be9',
    'xf-live': '2ab8dd27162f718e',
    'aq-free': '8876f132d58a6e90',
    'tz-free': '8eafee64dcd9ba09',
    'yj-pkg': 'e7ab900b11aba081',
    'aq-pkg': 'a36c60394b726361',
    'aq-jx': '805e77e8d9748528',
    'ck-math': '94d9cd2bfd4c8c5f',
  },
  1002: {
    'cj-sw': 'b5ebed1e79d09ee2',
    'cj-jjf': '9dbfca1cd5fdf037',
    'cj-bank': '4fc875ec4d4b4355',
    'zj-sw': '9c0c8f78a6c10e0f',
    'zj-cg': '5ec86610dfb21c7f',
    'zj-bank': 'b9d7f431af030ef6',
    'zj-live': '2071c2891e48db8d',
    'hr-3': '6f5c09ba025f790c',
    'js-zh': 'd54fcff06214fc47',
    'kj-jx': '1736f6490f010f6f',
    'gx-free': '5d5503e0ee15b359',
    'kj-free': '1d251041c6499036',
    'cj-pkg': 'becd460017572a20',
    'zj-pkg': '4495e0f68d8a09c4',
    'zk-my': 'cfd54ad09dd843ce',
    'ej-bank': 'b9ba8993ba90a06c',
  },
}

/** The old seed's tags that claimed what the goods does not hold. */
const OLD_TAGS: Record<number, Record<string, string[]>> = {
  1001: {
    'aq-full': ['直播+录播', '考前押题', '热销'],
    'aq-bank': ['2000+真题', '错题本'],
    'tz-dg': ['理论+实操', '包含复审'],
    'tz-bank': ['官方题库同步'],
    'yj-pkg': ['套餐', '全科联报'],
  },
  1002: { 'kj-jx': ['继续教育', '90学时'] },
}

/** The hour targets the old seed computed from its half-minute lessons (0.8 of four sections of 44 s / 35 s). */
const OLD_HOUR_TARGETS: Record<string, number> = {
  '安全员继续教育（2025年度必修）': 140,
  '会计人员继续教育（2025年度）': 112,
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i])

async function refreshTenant(db: Db, tenantId: number) {
  const scope = new TenantScope(tenantId)
  const t = TENANTS.find((x) => x.id === tenantId)
  for (const [i, a] of (t?.articles ?? []).entries()) {
    const [row] = await db
      .select({ id: consultation.id, content: consultation.content, summary: consultation.summary })
      .from(consultation)
      .where(scope.where(consultation, eq(consultation.title, a.title)))
    if (!row || hash(row.content) !== OLD_ARTICLES[tenantId]?.[i]) continue
    const oldSummary = OLD_SUMMARIES[a.title]
    await db
      .update(consultation)
      .set({ content: sanitizeArticle(a.html), ...(row.summary === oldSummary ? { summary: a.summary } : {}) })
      .where(scope.where(consultation, eq(consultation.id, row.id)))
  }
  for (const g of CATALOGUES[tenantId]?.goods ?? []) {
    const [row] = await db
      .select({ id: goods.id, description: goods.description, tags: goods.tags })
      .from(goods)
      .where(scope.where(goods, eq(goods.name, g.name)))
    if (!row) continue
    const oldTags = OLD_TAGS[tenantId]?.[g.key]
    const set = {
      ...(hash(row.description) === OLD_DESCRIPTIONS[tenantId]?.[g.key]
        ? { description: sanitizeArticle(goodsIntro(tenantId, g)) }
        : {}),
      ...(oldTags && sameTags(row.tags, oldTags) ? { tags: g.tags } : {}),
    }
    if (Object.keys(set).length > 0) await db.update(goods).set(set).where(eq(goods.id, row.id))
  }
  const extra = LEARN_COURSE_SEEDS[tenantId]
  const old = extra ? OLD_HOUR_TARGETS[extra.goodsName] : undefined
  if (extra && old !== undefined) {
    const [g] = await db
      .select({ id: goods.id, requiredSeconds: goods.requiredSeconds })
      .from(goods)
      .where(scope.where(goods, eq(goods.name, extra.goodsName)))
    if (g?.requiredSeconds === old) {
      // the goods' first course, as ./learn-course.ts computes the target
      const [first] = await db
        .select({ courseId: goodsCourse.courseId })
        .from(goodsCourse)
        .where(scope.where(goodsCourse, eq(goodsCourse.goodsId, g.id)))
        .orderBy(asc(goodsCourse.sort), asc(goodsCourse.courseId))
        .limit(1)
      const sections = first
        ? await db
            .select({ d: courseSection.durationSeconds })
            .from(courseSection)
            .where(scope.where(courseSection, eq(courseSection.courseId, first.courseId)))
        : []
      const total = sections.reduce((n, s) => n + s.d, 0)
      if (total > 0)
        await db
          .update(goods)
          .set({ requiredSeconds: Math.floor(total * extra.hoursShare) })
          .where(eq(goods.id, g.id))
    }
  }
}

/** Brings the demo content of an older demo database up to date where the school left it as seeded. */
export async function refreshDemoContent(db: Db): Promise<void> {
  for (const t of TENANTS) {
    if ((await countRows(db, tenant, eq(tenant.id, t.id))) === 0) continue
    await refreshTenant(db, t.id)
  }
}
