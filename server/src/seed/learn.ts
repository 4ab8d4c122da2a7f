/**
 * Learning data of the demo tenants (./learn-data.ts), idempotent like the other seeds:
 * - sections without a video get their course's lesson (learn-data.ts LESSON_VIDEOS; else one of
 *   server/media/video/*.mp4 in turn; the file name is the videoId) and its real length (read from the mp4's
 *   movie header); a section whose seed video is gone or was re-rendered follows the files on disk;
 * - a course goods without classes gets its study settings, optional courses and classes;
 * - each handout is added once its file exists (size = the file's size), and goods.handoutCount follows; rows that
 *   name a handout file an earlier seed shipped and this one no longer has (learn-data.ts OLD_HANDOUT_FILES) go.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import { countRows, type Db, toInt } from '../db'
import { course, courseSection, goods, goodsCourse, goodsPackageItem, grade, handout, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { LESSON_VIDEOS, learnSeeds, OLD_HANDOUT_FILES } from './learn-data'
import { CATALOGUES } from './shop-data'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const SEED_MEDIA_DIR = fileURLToPath(new URL('../../media', import.meta.url))

/** Length in whole seconds from the mp4 movie header (mvhd), or undefined when it cannot be read. */
export function mp4Seconds(file: string): number | undefined {
  const buf = fs.readFileSync(file)
  const i = buf.indexOf('mvhd')
  if (i < 4 || i + 32 > buf.length) return undefined
  const version = buf[i + 4]
  const timescale = version === 1 ? buf.readUInt32BE(i + 24) : buf.readUInt32BE(i + 16)
  const duration = version === 1 ? Number(buf.readBigUInt64BE(i + 28)) : buf.readUInt32BE(i + 20)
  return timescale > 0 ? Math.round(duration / timescale) : undefined
}

function videosIn(dir: string) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.mp4'))
    .sort()
    .map((name) => ({ name, seconds: mp4Seconds(path.join(dir, name)) ?? 0 }))
    .filter((v) => v.seconds > 0)
}

/** Video names this seed ships (server/media/video): a section naming one that is gone gets a current one. */
const SEED_VIDEO = /^lesson-[a-z0-9-]+\.mp4$/

async function seedVideos(tx: Tx, tenantId: number, videos: { name: string; seconds: number }[]) {
  if (videos.length === 0) return
  const seconds = new Map(videos.map((v) => [v.name, v.seconds]))
  const lessons = LESSON_VIDEOS[tenantId] ?? {}
  const all = await tx
    .select({
      id: courseSection.id,
      videoId: courseSection.videoId,
      durationSeconds: courseSection.durationSeconds,
      course: course.name,
    })
    .from(courseSection)
    .innerJoin(course, eq(course.id, courseSection.courseId))
    .where(eq(courseSection.tenantId, tenantId))
    .orderBy(asc(courseSection.id))
  const assign = new Map<string, number[]>() // video -> sections to point at it (and its length)
  for (const [i, s] of all.entries()) {
    const shipped = SEED_VIDEO.test(s.videoId)
    let name: string | undefined
    if (s.videoId === '' || (shipped && !seconds.has(s.videoId))) {
      // the course's own lesson, else one of the files in turn
      const own = lessons[s.course]
      name = own && seconds.has(own) ? own : videos[i % videos.length]!.name
    } else if (shipped && seconds.get(s.videoId) !== s.durationSeconds) name = s.videoId // re-rendered file
    if (name) assign.set(name, [...(assign.get(name) ?? []), s.id])
  }
  for (const [name, ids] of assign) {
    await tx
      .update(courseSection)
      .set({ videoId: name, durationSeconds: seconds.get(name)! })
      .where(and(eq(courseSection.tenantId, tenantId), inArray(courseSection.id, ids)))
  }
}

async function seedTenant(tx: Tx, tenantId: number, mediaDir: string) {
  const scope = new TenantScope(tenantId)
  await seedVideos(tx, tenantId, videosIn(path.join(mediaDir, 'video')))
  // the one-page handouts of an earlier seed, once their files are gone (the goods get their subject's below)
  const gone = OLD_HANDOUT_FILES.filter((f) => !fs.existsSync(path.join(mediaDir, 'handout', f)))
  if (gone.length > 0) await tx.delete(handout).where(scope.where(handout, inArray(handout.fileKey, gone)))
  const day = 24 * 3600 * 1000
  const now = Date.now()
  for (const s of learnSeeds(tenantId)) {
    const [g] = await tx
      .select({ id: goods.id })
      .from(goods)
      .where(scope.where(goods, eq(goods.name, s.goodsName)))
    if (!g) continue
    const courses = await tx
      .select({ id: course.id, name: course.name })
      .from(goodsCourse)
      .innerJoin(course, eq(course.id, goodsCourse.courseId))
      .where(scope.where(goodsCourse, eq(goodsCourse.goodsId, g.id)))
      .orderBy(asc(goodsCourse.sort), asc(goodsCourse.id))
    if ((await countRows(tx as unknown as Db, grade, scope.where(grade, eq(grade.goodsId, g.id)))) === 0) {
      await tx
        .update(goods)
        .set(s.settings)
        .where(scope.where(goods, eq(goods.id, g.id)))
      const optional = courses.filter((c) => s.optionalCourses.includes(c.name)).map((c) => c.id)
      if (optional.length > 0)
        await tx
          .update(goodsCourse)
          .set({ required: false })
          .where(scope.where(goodsCourse, eq(goodsCourse.goodsId, g.id), inArray(goodsCourse.courseId, optional)))
      await tx.insert(grade).values(
        s.grades.map((c, i) =>
          scope.row({
            goodsId: g.id,
            name: c.name,
            teacherName: c.teacherName,
            capacity: c.capacity,
            isDefault: c.isDefault,
            startAt: c.startDays === null ? null : new Date(now + c.startDays * day),
            endAt: c.endDays === null ? null : new Date(now + c.endDays * day),
            sort: i + 1,
          }),
        ),
      )
    }
    for (const [i, h] of s.handouts.entries()) {
      const file = path.join(mediaDir, 'handout', h.file)
      if (!fs.existsSync(file)) continue // added on a later start, once the file is there
      const [have] = await tx
        .select({ id: handout.id })
        .from(handout)
        .where(scope.where(handout, eq(handout.goodsId, g.id), eq(handout.fileKey, h.file)))
      if (have) continue
      await tx.insert(handout).values(
        scope.row({
          goodsId: g.id,
          courseId: h.course ? (courses.find((c) => c.name === h.course)?.id ?? null) : null,
          name: h.name,
          fileKey: h.file,
          fileType: path.extname(h.file).slice(1).toLowerCase(),
          size: fs.statSync(file).size,
          free: h.free,
          sort: i + 1,
        }),
      )
    }
  }
  // the handout count shown on goods pages: the goods' own handouts plus, for a package, its goods'
  const perGoods = await tx
    .select({ goodsId: handout.goodsId, n: count() })
    .from(handout)
    .where(eq(handout.tenantId, tenantId))
    .groupBy(handout.goodsId)
  if (perGoods.length === 0) return
  const items = await tx
    .select({ packageId: goodsPackageItem.packageId, goodsId: goodsPackageItem.goodsId })
    .from(goodsPackageItem)
    .where(eq(goodsPackageItem.tenantId, tenantId))
  const all = await tx
    .select({ id: goods.id, handoutCount: goods.handoutCount })
    .from(goods)
    .where(eq(goods.tenantId, tenantId))
  const own = (id: number) => toInt(perGoods.find((p) => p.goodsId === id)?.n)
  for (const g of all) {
    const n = own(g.id) + items.filter((p) => p.packageId === g.id).reduce((sum, p) => sum + own(p.goodsId), 0)
    if (n !== g.handoutCount) await tx.update(goods).set({ handoutCount: n }).where(eq(goods.id, g.id))
  }
}

/** Seeds the learning data of every demo tenant that exists (each part only where it is missing). */
export async function seedLearnIfEmpty(db: Db, mediaDir = SEED_MEDIA_DIR): Promise<void> {
  for (const id of Object.keys(CATALOGUES)) {
    const tenantId = Number(id)
    if ((await countRows(db, tenant, eq(tenant.id, tenantId))) === 0) continue
    await db.transaction((tx) => seedTenant(tx, tenantId, mediaDir))
  }
}
