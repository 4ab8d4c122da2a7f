/**
 * Exam sites of the demo tenants (docs/DECISIONS.md "Exams"): provinces, cities and sites once per tenant, and
 * sessions for every exam that needs an appointment. Sessions are relative to the day the seed runs, so each
 * run tops them up: an all-day session today (China time; bookable until it ends, so a learner can book and sit
 * at once), two sessions a day at every site for the next SESSION_DAYS days (one of the first run's is a small
 * one of capacity 2, to show a full session) and a training day at the training sites. Existing sessions are
 * never changed; a slot is added only when its site has no session of that exam and kind starting then.
 */
import { eq, gte, inArray } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { applyArea, applySession, applySite, exam, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { TENANTS } from './data'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const SESSION_DAYS = 7

interface SiteSeed {
  name: string
  address: string
  phone: string
  /** also holds pre-exam training days */
  train?: true
}

const AREAS: { province: string; cities: { name: string; sites: SiteSeed[] }[] }[] = [
  {
    province: '广东省',
    cities: [
      {
        name: '广州市',
        sites: [
          {
            name: '广州市天河区职业技能鉴定中心',
            address: '广州市天河区天河北路183号大都会广场6楼',
            phone: '020-38861234',
            train: true,
          },
          { name: '广州市海珠区职业培训考试中心', address: '广州市海珠区新港中路397号2号楼', phone: '020-84112356' },
          { name: '广州市白云区安全生产培训考点', address: '广州市白云区机场路1188号3楼', phone: '020-86305517' },
        ],
      },
      {
        name: '深圳市',
        sites: [
          {
            name: '深圳市福田区职业技能鉴定所',
            address: '深圳市福田区深南中路1002号新闻大厦2楼',
            phone: '0755-83456712',
            train: true,
          },
          {
            name: '深圳市南山区安全技术培训中心',
            address: '深圳市南山区科技南十二路18号长虹科技大厦5楼',
            phone: '0755-86231190',
            train: true,
          },
        ],
      },
    ],
  },
  {
    province: '浙江省',
    cities: [
      {
        name: '杭州市',
        sites: [
          {
            name: '杭州市西湖区职业技能鉴定中心',
            address: '杭州市西湖区文三路90号东部软件园1号楼',
            phone: '0571-88213345',
            train: true,
          },
          { name: '杭州市萧山区安全生产培训考点', address: '杭州市萧山区市心中路819号', phone: '0571-82651208' },
        ],
      },
      {
        name: '宁波市',
        sites: [
          { name: '宁波市鄞州区职业技能考试中心', address: '宁波市鄞州区天童南路588号', phone: '0574-87321456' },
          {
            name: '宁波市江北区安全培训基地',
            address: '宁波市江北区洪塘中路318号',
            phone: '0574-87652039',
            train: true,
          },
          { name: '宁波市北仑区职业技能鉴定站', address: '宁波市北仑区新碶街道明州路301号', phone: '0574-86881725' },
        ],
      },
    ],
  },
  {
    province: '北京市',
    cities: [
      {
        name: '东城区',
        sites: [
          {
            name: '北京市东城区职业技能鉴定中心',
            address: '北京市东城区东直门南大街3号国华投资大厦9层',
            phone: '010-64012258',
            train: true,
          },
          { name: '北京市东城区安全生产考试点', address: '北京市东城区和平里东街18号', phone: '010-84218806' },
        ],
      },
      {
        name: '海淀区',
        sites: [
          {
            name: '北京市海淀区职业技能鉴定所',
            address: '北京市海淀区中关村南大街12号',
            phone: '010-62178835',
            train: true,
          },
          {
            name: '北京市海淀区安全技术培训考点',
            address: '北京市海淀区西三环北路72号世纪经贸大厦B座',
            phone: '010-68459921',
          },
        ],
      },
    ],
  },
]

const HOUR = 3600 * 1000
const DAY = 24 * HOUR
const TZ = 8 * HOUR
/** 00:00 China time of the day `d` falls in. */
const startOfDayCst = (d: Date) => new Date(Math.floor((d.getTime() + TZ) / DAY) * DAY - TZ)

/** [start hour, end hour] of the two daily exam sessions and the training day (China time). */
const EXAM_SLOTS = [
  [9, 11.5],
  [14, 16.5],
] as const
const TRAIN_SLOT = [9, 17] as const

async function seedSites(tx: Tx, scope: TenantScope) {
  let provinceSort = 0
  for (const p of AREAS) {
    const [province] = await tx
      .insert(applyArea)
      .values(scope.row({ parentId: 0, name: p.province, sort: ++provinceSort }))
      .returning({ id: applyArea.id })
    let citySort = 0
    for (const c of p.cities) {
      const [city] = await tx
        .insert(applyArea)
        .values(scope.row({ parentId: province!.id, name: c.name, sort: ++citySort }))
        .returning({ id: applyArea.id })
      await tx
        .insert(applySite)
        .values(
          c.sites.map((s, i) =>
            scope.row({ cityId: city!.id, name: s.name, address: s.address, phone: s.phone, sort: i + 1 }),
          ),
        )
    }
  }
}

const trainNames = new Set(
  AREAS.flatMap((p) => p.cities.flatMap((c) => c.sites.filter((s) => s.train).map((s) => s.name))),
)

/** Adds the missing sessions of every exam that needs an appointment, from today to SESSION_DAYS ahead. */
async function topUpSessions(tx: Tx, scope: TenantScope, now: Date) {
  const exams = await tx
    .select({ id: exam.id })
    .from(exam)
    .where(scope.where(exam, eq(exam.requireAppointment, true)))
  if (exams.length === 0) return
  const sites = await tx
    .select({ id: applySite.id, name: applySite.name })
    .from(applySite)
    .where(scope.where(applySite))
    .orderBy(applySite.id)
  if (sites.length === 0) return
  const today = startOfDayCst(now)
  const existing = await tx
    .select({
      examId: applySession.examId,
      siteId: applySession.siteId,
      kind: applySession.kind,
      startAt: applySession.startAt,
    })
    .from(applySession)
    .where(
      scope.where(
        applySession,
        inArray(
          applySession.examId,
          exams.map((e) => e.id),
        ),
        gte(applySession.startAt, today),
      ),
    )
  const firstRun = existing.length === 0
  const have = new Set(existing.map((s) => `${s.examId}|${s.siteId}|${s.kind}|${s.startAt.getTime()}`))
  const rows: (typeof applySession.$inferInsert)[] = []
  const add = (examId: number, siteId: number, kind: 'exam' | 'train', start: Date, end: Date, capacity: number) => {
    if (have.has(`${examId}|${siteId}|${kind}|${start.getTime()}`)) return
    rows.push(scope.row({ examId, siteId, kind, startAt: start, endAt: end, capacity }))
  }
  const epochDay = Math.round((today.getTime() + TZ) / DAY)
  const at = (day: number, hour: number) => new Date(today.getTime() + day * DAY + hour * HOUR)
  for (const [ei, e] of exams.entries()) {
    for (const [si, site] of sites.entries()) {
      // today, all day: bookable and sittable at once
      add(e.id, site.id, 'exam', today, new Date(today.getTime() + DAY - 60_000), 60)
      for (let day = 1; day <= SESSION_DAYS; day++) {
        for (const [k, [from, to]] of EXAM_SLOTS.entries()) {
          const small = firstRun && si === 0 && day === 1 && k === 0
          add(
            e.id,
            site.id,
            'exam',
            at(day, from),
            at(day, to),
            small ? 2 : 30 + ((ei * 11 + si * 7 + day * 3 + k * 5) % 31),
          )
        }
        // training every other calendar day (by date, so a later run adds the same days)
        if (trainNames.has(site.name) && (epochDay + day) % 2 === 1)
          add(e.id, site.id, 'train', at(day, TRAIN_SLOT[0]), at(day, TRAIN_SLOT[1]), 40)
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(applySession).values(rows.slice(i, i + 500))
}

/** Areas and sites once (skipped when the tenant has areas), then the session top-up. */
export async function seedApply(db: Db, tenantId: number, now = new Date()): Promise<void> {
  const scope = new TenantScope(tenantId)
  await db.transaction(async (tx) => {
    if ((await countRows(tx, applyArea, scope.where(applyArea))) === 0) await seedSites(tx, scope)
    await topUpSessions(tx, scope, now)
  })
}

/** seedApply for every demo tenant that exists. */
export async function seedApplyIfEmpty(db: Db): Promise<void> {
  for (const t of TENANTS) {
    if ((await countRows(db, tenant, eq(tenant.id, t.id))) === 0) continue
    await seedApply(db, t.id)
  }
}
