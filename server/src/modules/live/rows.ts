/**
 * Live classes, the read side shared by the live calls, the mock rows and the study hours (docs/DECISIONS.md
 * "Live — data"): who may enter which room, the session rows every list shows, and their order.
 *
 * A session's state is what the video side wrote (waiting / live / ended), except that a waiting session whose
 * scheduled end has passed counts as ended (the class was not held: it must not stay "upcoming" forever).
 * Queries are bounded: one for a page of rows (channel, teacher and goods joined, the playback flag as a
 * subquery), one for the learner's watch sums of those rows, and the learner's access (three small reads in
 * parallel) once per request.
 */
import { and, asc, desc, eq, exists, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import { MOCK_SUBSCRIBE_STATUS } from '../../../../contract/schemas/exam-codes'
import { LIVE_CODE, LIVE_STAFF_ROLES, type LiveState } from '../../../../contract/schemas/live-codes'
import { type Db, toInt } from '../../db'
import {
  goods,
  goodsPackageItem,
  liveChannel,
  liveCheckinSign,
  liveRecording,
  liveSession,
  liveWatch,
  mockSubscribe,
  sysUser,
  teacher,
  userGoods,
} from '../../db/schema'
import { AppError, type Data, type Scoped, TenantScope, toSeconds } from '../../http/core'

export type { Scoped }

export const MAX_ID = 2_147_483_647
export type StaffRole = (typeof LIVE_STAFF_ROLES)[number]
export type SessionRow = Data<'GET /goods/listGoodsUserLive'>[number]

export const channelNotFound = () => new AppError(LIVE_CODE.notFound, 'live channel not found')
export const sessionNotFound = () => new AppError(LIVE_CODE.notFound, 'live session not found')

// ---- who may enter ----

export interface Access {
  userId: number
  /** '' for a learner; staff roles enter every room of their tenant */
  staffRole: StaffRole | ''
  nickName: string
  telPhone: string
  avatar: string
  /** goods the learner holds now: active grants, and the goods inside a package they hold */
  goods: Set<number>
  /** mock exams the learner applied to (an active application) */
  exams: Set<number>
}

const isStaffRole = (v: string): v is StaffRole => (LIVE_STAFF_ROLES as readonly string[]).includes(v)

export async function accessOf(ctx: Scoped, userId: number, now = new Date()): Promise<Access> {
  const [[me], grants, applied] = await Promise.all([
    ctx.db
      .select({
        staffRole: sysUser.staffRole,
        nickName: sysUser.nickName,
        telPhone: sysUser.telPhone,
        avatar: sysUser.avatar,
      })
      .from(sysUser)
      .where(ctx.scope.where(sysUser, eq(sysUser.id, userId))),
    ctx.db
      .select({ goodsId: userGoods.goodsId, itemId: goodsPackageItem.goodsId })
      .from(userGoods)
      .leftJoin(
        goodsPackageItem,
        and(eq(goodsPackageItem.packageId, userGoods.goodsId), eq(goodsPackageItem.tenantId, userGoods.tenantId)),
      )
      .where(
        ctx.scope.where(
          userGoods,
          eq(userGoods.userId, userId),
          isNull(userGoods.revokedAt),
          or(isNull(userGoods.expiresAt), gt(userGoods.expiresAt, now)),
        ),
      ),
    ctx.db
      .select({ examId: mockSubscribe.examId })
      .from(mockSubscribe)
      .where(
        ctx.scope.where(
          mockSubscribe,
          eq(mockSubscribe.userId, userId),
          eq(mockSubscribe.status, MOCK_SUBSCRIBE_STATUS.applied),
        ),
      ),
  ])
  const held = new Set<number>()
  for (const g of grants) {
    held.add(g.goodsId)
    if (g.itemId !== null) held.add(g.itemId)
  }
  const role = me?.staffRole ?? ''
  return {
    userId,
    staffRole: isStaffRole(role) ? role : '',
    nickName: me?.nickName ?? '',
    telPhone: me?.telPhone ?? '',
    avatar: me?.avatar ?? '',
    goods: held,
    exams: new Set(applied.map((a) => a.examId)),
  }
}

interface Owner {
  goodsId: number | null
  examId: number | null
}

export const isFree = (c: Owner) => c.goodsId === null && c.examId === null

/** The learner may enter the room: staff, a free class, the goods held, or the mock applied to. */
export function canEnter(a: Access, c: Owner): boolean {
  if (a.staffRole !== '' || isFree(c)) return true
  return (c.goodsId !== null && a.goods.has(c.goodsId)) || (c.examId !== null && a.exams.has(c.examId))
}

/** The refusal of a room the learner may not enter: data names what to buy or apply to. */
export function notEntitled(c: Owner): AppError {
  return c.goodsId !== null
    ? new AppError(LIVE_CODE.notEntitled, 'buy the course to enter this live class', { goodsId: c.goodsId })
    : new AppError(LIVE_CODE.notEntitled, 'apply for the mock exam to enter its live class', { examId: c.examId })
}

/**
 * `canEnter` asked of the database for several users of one channel at once, in one query: the users among
 * `userIds` who may enter the channel now (an open channel of the tenant, and: a staff role, a free class, an
 * active grant of the channel's goods or of a package holding it, or an active application to its mock). The
 * live access check (server/src/modules/live/access.ts) asks it for one user per cache period, and the chat server for
 * the learners connected to a room; a refund, a revocation, an expired grant or a withdrawn application ends it.
 */
export async function entitledUsers(
  db: Db,
  tenantId: number,
  channelId: number,
  userIds: readonly number[],
  now = new Date(),
): Promise<Set<number>> {
  const ids = userIds.filter((id) => id >= 1 && id <= MAX_ID)
  if (ids.length === 0 || channelId < 1 || channelId > MAX_ID) return new Set()
  const s = new TenantScope(tenantId)
  const inPackage = db
    .select({ one: sql`1` })
    .from(goodsPackageItem)
    .where(
      and(
        eq(goodsPackageItem.tenantId, userGoods.tenantId),
        eq(goodsPackageItem.packageId, userGoods.goodsId),
        eq(goodsPackageItem.goodsId, liveChannel.goodsId),
      ),
    )
  const holds = db
    .select({ one: sql`1` })
    .from(userGoods)
    .where(
      and(
        eq(userGoods.tenantId, sysUser.tenantId),
        eq(userGoods.userId, sysUser.id),
        isNull(userGoods.revokedAt),
        or(isNull(userGoods.expiresAt), gt(userGoods.expiresAt, now)),
        or(eq(userGoods.goodsId, liveChannel.goodsId), exists(inPackage)),
      ),
    )
  const applied = db
    .select({ one: sql`1` })
    .from(mockSubscribe)
    .where(
      and(
        eq(mockSubscribe.tenantId, sysUser.tenantId),
        eq(mockSubscribe.userId, sysUser.id),
        eq(mockSubscribe.examId, liveChannel.examId),
        eq(mockSubscribe.status, MOCK_SUBSCRIBE_STATUS.applied),
      ),
    )
  const rows = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .innerJoin(
      liveChannel,
      and(eq(liveChannel.tenantId, sysUser.tenantId), eq(liveChannel.id, channelId), eq(liveChannel.status, 1)),
    )
    .where(
      s.where(
        sysUser,
        inArray(sysUser.id, ids),
        or(
          inArray(sysUser.staffRole, [...LIVE_STAFF_ROLES]),
          and(isNull(liveChannel.goodsId), isNull(liveChannel.examId)),
          and(sql`${liveChannel.goodsId} is not null`, exists(holds)),
          and(sql`${liveChannel.examId} is not null`, exists(applied)),
        ),
      ),
    )
  return new Set(rows.map((r) => r.id))
}

/** The channels the learner may enter, as a WHERE condition (undefined = every channel: staff). */
export function enterable(a: Access): SQL | undefined {
  if (a.staffRole !== '') return undefined
  return or(
    and(isNull(liveChannel.goodsId), isNull(liveChannel.examId)),
    a.goods.size > 0 ? inArray(liveChannel.goodsId, [...a.goods]) : undefined,
    a.exams.size > 0 ? inArray(liveChannel.examId, [...a.exams]) : undefined,
  )
}

// ---- session rows ----

/** The session's state as lists show it (a waiting session past its scheduled end counts as ended). */
export const stateSql = (now: Date) =>
  sql<LiveState>`(case when ${liveSession.state} = 'waiting' and ${liveSession.endAt} < ${now.toISOString()}::timestamptz then 'ended' else ${liveSession.state} end)`

/** Live now first, then upcoming soonest first, then ended latest first. */
export const listOrder = (now: Date) => {
  const st = stateSql(now)
  return [
    sql`(case ${st} when 'live' then 0 when 'waiting' then 1 else 2 end)`,
    sql`(case when ${st} = 'waiting' then ${liveSession.startAt} end) asc`,
    desc(liveSession.startAt),
    desc(liveSession.id),
  ]
}
/** Schedule order: soonest first. */
export const scheduleOrder = [asc(liveSession.startAt), asc(liveSession.id)]

const rowColumns = (now: Date) => ({
  sessionId: liveSession.id,
  channelId: liveSession.channelId,
  title: liveSession.title,
  startAt: liveSession.startAt,
  endAt: liveSession.endAt,
  state: stateSql(now),
  channelName: liveChannel.name,
  cover: liveChannel.cover,
  goodsId: liveChannel.goodsId,
  examId: liveChannel.examId,
  playbackEnabled: liveChannel.playbackEnabled,
  teacherName: teacher.name,
  teacherAvatar: teacher.avatar,
  goodsName: goods.name,
  recorded: sql<boolean>`exists (select 1 from ${liveRecording} where ${liveRecording.tenantId} = ${liveSession.tenantId} and ${liveRecording.sessionId} = ${liveSession.id} and ${liveRecording.status} = 'ready')`,
})

/** Sessions of the tenant's open channels joined with what a row shows; `where` narrows, the caller orders. */
export function sessionQuery(ctx: Scoped, now: Date, where?: SQL) {
  return ctx.db
    .select(rowColumns(now))
    .from(liveSession)
    .innerJoin(
      liveChannel,
      and(eq(liveChannel.id, liveSession.channelId), eq(liveChannel.tenantId, liveSession.tenantId)),
    )
    .leftJoin(teacher, and(eq(teacher.id, liveChannel.teacherId), eq(teacher.tenantId, liveChannel.tenantId)))
    .leftJoin(goods, and(eq(goods.id, liveChannel.goodsId), eq(goods.tenantId, liveChannel.tenantId)))
    .where(ctx.scope.where(liveSession, eq(liveChannel.status, 1), where))
}

/** How many sessions `sessionQuery` would give for `where`. */
export async function countSessions(ctx: Scoped, where?: SQL): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(liveSession)
    .innerJoin(
      liveChannel,
      and(eq(liveChannel.id, liveSession.channelId), eq(liveChannel.tenantId, liveSession.tenantId)),
    )
    .where(ctx.scope.where(liveSession, eq(liveChannel.status, 1), where))
  return toInt(row?.n)
}

type Joined = Awaited<ReturnType<typeof sessionQuery>>[number]

/** Seconds the learner was credited per session (live and playback together). */
export async function watchedSeconds(ctx: Scoped, userId: number, sessionIds: number[]): Promise<Map<number, number>> {
  if (sessionIds.length === 0) return new Map()
  const rows = await ctx.db
    .select({ sessionId: liveWatch.sessionId, s: sql<number>`sum(${liveWatch.creditedSeconds})` })
    .from(liveWatch)
    .where(ctx.scope.where(liveWatch, eq(liveWatch.userId, userId), inArray(liveWatch.sessionId, sessionIds)))
    .groupBy(liveWatch.sessionId)
  return new Map(rows.map((r) => [r.sessionId, toInt(r.s)]))
}

/** The sessions of `sessionIds` the learner attended: signed one of their check-ins (live interactions). */
export async function attendedSessions(ctx: Scoped, userId: number, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set()
  const rows = await ctx.db
    .selectDistinct({ sessionId: liveCheckinSign.sessionId })
    .from(liveCheckinSign)
    .where(
      ctx.scope.where(
        liveCheckinSign,
        eq(liveCheckinSign.userId, userId),
        inArray(liveCheckinSign.sessionId, sessionIds),
      ),
    )
  return new Set(rows.map((r) => r.sessionId))
}

/** What a row says of this learner per session: watch time and attendance. */
export interface Marks {
  watched: Map<number, number>
  attended: Set<number>
}

export async function marksOf(ctx: Scoped, userId: number, sessionIds: number[]): Promise<Marks> {
  const [watched, attended] = await Promise.all([
    watchedSeconds(ctx, userId, sessionIds),
    attendedSessions(ctx, userId, sessionIds),
  ])
  return { watched, attended }
}

/** The contract's rows of joined sessions, with the learner's entry, watch time and attendance. */
export async function toRows(ctx: Scoped, a: Access, joined: Joined[]): Promise<SessionRow[]> {
  const marks = await marksOf(
    ctx,
    a.userId,
    joined.map((j) => j.sessionId),
  )
  return joined.map((j) => rowOf(j, a, marks))
}

export function rowOf(j: Joined, a: Access, marks: Marks): SessionRow {
  return {
    sessionId: j.sessionId,
    channelId: j.channelId,
    title: j.title,
    channelName: j.channelName,
    cover: j.cover,
    teacherName: j.teacherName ?? '',
    teacherAvatar: j.teacherAvatar ?? '',
    goodsId: j.goodsId,
    goodsName: j.goodsName ?? '',
    examId: j.examId,
    free: isFree(j),
    startTime: toSeconds(j.startAt),
    endTime: toSeconds(j.endAt),
    state: j.state,
    hasPlayback: j.playbackEnabled && Boolean(j.recorded),
    canEnter: canEnter(a, j),
    watchedSeconds: marks.watched.get(j.sessionId) ?? 0,
    attended: marks.attended.has(j.sessionId),
  }
}

/** Rows for `where` in list order, one page (`total` counts them all). */
export async function pageOf(ctx: Scoped, a: Access, where: SQL | undefined, pageNum: number, pageSize: number) {
  const now = new Date()
  const [joined, total] = await Promise.all([
    sessionQuery(ctx, now, where)
      .orderBy(...listOrder(now))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    countSessions(ctx, where),
  ])
  return { rows: await toRows(ctx, a, joined), total }
}

/** The state condition of a list filter ('' = any). */
export const stateIs = (state: '' | LiveState, now: Date) =>
  state === '' ? undefined : sql`${stateSql(now)} = ${state}`

// ---- mock exams' rooms ----

/**
 * The room of each mock exam that has one (its first open channel) and the session to open: live now, else the
 * next one; null when none is ahead.
 */
export async function mockRooms(
  ctx: Scoped,
  examIds: number[],
): Promise<Map<number, { channelId: number; liveSessionId: number | null }>> {
  const out = new Map<number, { channelId: number; liveSessionId: number | null }>()
  if (examIds.length === 0) return out
  const now = new Date()
  const channels = await ctx.db
    .select({ id: liveChannel.id, examId: liveChannel.examId })
    .from(liveChannel)
    .where(ctx.scope.where(liveChannel, inArray(liveChannel.examId, examIds), eq(liveChannel.status, 1)))
    .orderBy(asc(liveChannel.sort), asc(liveChannel.id))
  for (const c of channels)
    if (c.examId !== null && !out.has(c.examId)) out.set(c.examId, { channelId: c.id, liveSessionId: null })
  const channelIds = [...out.values()].map((r) => r.channelId)
  if (channelIds.length === 0) return out
  const st = stateSql(now)
  const ahead = await ctx.db
    .select({ id: liveSession.id, channelId: liveSession.channelId, state: st })
    .from(liveSession)
    .where(ctx.scope.where(liveSession, inArray(liveSession.channelId, channelIds), sql`${st} <> 'ended'`))
    .orderBy(...listOrder(now))
  for (const room of out.values()) room.liveSessionId = ahead.find((s) => s.channelId === room.channelId)?.id ?? null
  return out
}
