/** The shop catalogue of each demo tenant (./shop-data.ts); seeded per tenant when it has no goods yet. */
import { eq } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import {
  business,
  course,
  courseChapter,
  courseSection,
  educationType,
  goods,
  goodsActivity,
  goodsActivityItem,
  goodsCourse,
  goodsPackageItem,
  goodsTeacher,
  subject,
  teacher,
  tenant,
} from '../db/schema'
import { TenantScope } from '../http/core'
import { sanitizeArticle } from '../services/sanitize'
import { assetUrl, seedImage } from './assets'
import { goodsIntro } from './goods-intro'
import { CATALOGUES, type CatalogueSeed } from './shop-data'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function seedCatalogue(tx: Tx, tenantId: number, cat: CatalogueSeed) {
  const scope = new TenantScope(tenantId)
  const businessIds = new Map<string, { id: number; educationTypeId: number }>()
  const subjectIds = new Map<string, number>()
  for (const [i, et] of cat.educationTypes.entries()) {
    const [e] = await tx
      .insert(educationType)
      .values(scope.row({ name: et.name, sort: i + 1 }))
      .returning({ id: educationType.id })
    for (const [j, b] of et.businesses.entries()) {
      const [row] = await tx
        .insert(business)
        .values(scope.row({ educationTypeId: e!.id, name: b.name, description: b.description, sort: j + 1 }))
        .returning({ id: business.id })
      businessIds.set(b.name, { id: row!.id, educationTypeId: e!.id })
      for (const [k, [name, projectList]] of b.subjects.entries()) {
        const [s] = await tx
          .insert(subject)
          .values(scope.row({ businessId: row!.id, name, projectList, sort: k + 1 }))
          .returning({ id: subject.id })
        subjectIds.set(`${b.name}/${name}`, s!.id)
      }
    }
  }
  const teacherIds = (
    await tx
      .insert(teacher)
      .values(
        cat.teachers.map((t, i) => scope.row({ ...t, avatar: assetUrl(seedImage.teacher(tenantId, i)), sort: i + 1 })),
      )
      .returning({ id: teacher.id })
  ).map((r) => r.id)

  const goodsIds = new Map<string, number>()
  for (const [i, g] of cat.goods.entries()) {
    const b = businessIds.get(g.business)
    const s = subjectIds.get(`${g.business}/${g.subject}`)
    if (!b || !s) throw new Error(`seed: unknown business/subject ${g.business}/${g.subject}`)
    const [row] = await tx
      .insert(goods)
      .values(
        scope.row({
          goodsType: g.type,
          name: g.name,
          cover: assetUrl(seedImage.cover(tenantId, g.key)),
          price: g.price,
          originalPrice: g.originalPrice,
          educationTypeId: b.educationTypeId,
          businessId: b.id,
          subjectId: s,
          description: sanitizeArticle(goodsIntro(tenantId, g)),
          validityDays: g.validityDays,
          handoutCount: g.handoutCount,
          tags: g.tags,
          buyCount: g.buyCount,
          sort: i + 1,
        }),
      )
      .returning({ id: goods.id })
    const goodsId = row!.id
    goodsIds.set(g.key, goodsId)
    await tx
      .insert(goodsTeacher)
      .values(g.teachers.map((t, k) => scope.row({ goodsId, teacherId: teacherIds[t]!, sort: k + 1 })))
    for (const [k, c] of (g.courses ?? []).entries()) {
      const [cr] = await tx
        .insert(course)
        .values(
          scope.row({
            name: c.name,
            cover: assetUrl(seedImage.cover(tenantId, g.key)),
            teacherId: teacherIds[c.teacher]!,
            sort: k + 1,
          }),
        )
        .returning({ id: course.id })
      await tx.insert(goodsCourse).values(scope.row({ goodsId, courseId: cr!.id, sort: k + 1 }))
      for (const [ci, [chapterName, sectionNames]] of c.chapters.entries()) {
        const [ch] = await tx
          .insert(courseChapter)
          .values(scope.row({ courseId: cr!.id, name: chapterName, sort: ci + 1 }))
          .returning({ id: courseChapter.id })
        await tx.insert(courseSection).values(
          sectionNames.map((name, si) =>
            scope.row({
              courseId: cr!.id,
              chapterId: ch!.id,
              name: name.replace(/^\*/, ''),
              audition: name.startsWith('*'),
              durationSeconds: 600 + ((ci * 7 + si * 13) % 20) * 60,
              sort: si + 1,
            }),
          ),
        )
      }
    }
  }
  for (const [i, g] of cat.goods.entries()) {
    if (!g.items) continue
    await tx
      .insert(goodsPackageItem)
      .values(
        g.items.map((key, k) =>
          scope.row({ packageId: goodsIds.get(cat.goods[i]!.key)!, goodsId: goodsIds.get(key)!, sort: k + 1 }),
        ),
      )
  }
  for (const a of cat.activities) {
    const [row] = await tx
      .insert(goodsActivity)
      .values(scope.row({ kind: a.kind, code: a.code, name: a.name }))
      .returning({ id: goodsActivity.id })
    await tx
      .insert(goodsActivityItem)
      .values(
        a.items.map(([key, activityPrice]) =>
          scope.row({ activityId: row!.id, goodsId: goodsIds.get(key)!, activityPrice }),
        ),
      )
  }
}

/** Seeds the catalogue of every demo tenant that exists and has no goods; returns the tenants seeded. */
export async function seedShopIfEmpty(db: Db): Promise<number[]> {
  const done: number[] = []
  for (const [id, cat] of Object.entries(CATALOGUES)) {
    const tenantId = Number(id)
    if ((await countRows(db, tenant, eq(tenant.id, tenantId))) === 0) continue
    if ((await countRows(db, goods, eq(goods.tenantId, tenantId))) > 0) continue
    await db.transaction((tx) => seedCatalogue(tx, tenantId, cat))
    done.push(tenantId)
  }
  return done
}
