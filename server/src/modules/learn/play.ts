/**
 * Playback: access to a section, play sessions, progress reports (hours are computed here from intervals, never
 * read from the client), abnormal reports, watching again, video signing. docs/DECISIONS.md "Learning".
 */
import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import {
  type AbnormalKind,
  LEARN_CODE,
  REPORT_SLACK_SECONDS,
  SECTION_STATUS,
  SEEK_SLACK_SECONDS,
  SESSION_IDLE_SECONDS,
} from '../../../../contract/schemas/learn-codes'
import type { Db } from '../../db'
import { courseSection, goods, playSession, studyInterval, studyProgress, userGoods } from '../../db/schema'
import { AppError, EnvelopeResult, type Handlers, requireUser } from '../../http/core'
import { videoProvider } from '../../services/video'
import { entitlementOf, hasEntitlement } from '../order/entitlement'
import {
  type CourseTree,
  type Coverage,
  courseTree,
  coveredSeconds,
  creditOf,
  duePhotos,
  type GoodsInfo,
  goodsById,
  goodsCols,
  isFinished,
  isSessionId,
  MAX_ID,
  mergeCoverage,
  notEntitled,
  notFound,
  ownerOf,
  type PhotoDue,
  type ProgressRow,
  percentOf,
  requireGrant,
  round3,
  type Scoped,
  type SectionInfo,
  sectionCols,
  sessionGone,
  settingsOf,
  stripControl,
} from './core'
import { studyCheck, studyClosed } from './grades'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface PlayTarget {
  tree: CourseTree
  section: SectionInfo
  /** the course goods that owns the section's course (settings, storage) */
  owner: GoodsInfo
  /** active entitlement to the goods asked for: only then are hours earned */
  entitled: boolean
}

async function sectionById(ctx: Scoped, sectionId: number): Promise<SectionInfo> {
  if (sectionId > MAX_ID) throw notFound('section')
  const [s] = await ctx.db
    .select(sectionCols)
    .from(courseSection)
    .where(ctx.scope.where(courseSection, eq(courseSection.id, sectionId)))
  if (!s) throw notFound('section')
  return s
}

/**
 * May the learner play the section through this goods? It must belong to a course of the goods (a package's
 * course goods count); then an active entitlement, or an audition section (played, never credited).
 */
export async function playTarget(ctx: Scoped, userId: number, goodsId: number, sectionId: number) {
  const [g, section] = await Promise.all([goodsById(ctx, goodsId), sectionById(ctx, sectionId)])
  const tree = await courseTree(ctx, g)
  const owner = ownerOf(tree, section.courseId)
  if (!owner) throw new AppError(LEARN_CODE.notEntitled, 'this section is not part of the goods')
  const entitled = await hasEntitlement(ctx, userId, goodsId)
  if (!entitled && !section.audition) {
    if (await entitlementOf(ctx, userId, goodsId))
      throw new AppError(LEARN_CODE.studyClosed, 'your access to this goods has expired')
    throw notEntitled()
  }
  return { tree, section, owner, entitled } satisfies PlayTarget
}

async function progressRow(ctx: Scoped, userId: number, goodsId: number, sectionId: number, lock = false) {
  const q = ctx.db
    .select()
    .from(studyProgress)
    .where(
      ctx.scope.where(
        studyProgress,
        eq(studyProgress.userId, userId),
        eq(studyProgress.goodsId, goodsId),
        eq(studyProgress.sectionId, sectionId),
      ),
    )
  const [row] = lock ? await q.for('update') : await q
  return row
}

function progressState(p: ProgressRow | undefined) {
  return {
    status: p?.status ?? SECTION_STATUS.notStarted,
    position: p?.position ?? 0,
    furthest: p?.furthest ?? 0,
    creditedSeconds: p?.creditedSeconds ?? 0,
    coverage: (p?.coverage ?? []) as Coverage,
  }
}

/** checkVideo data: settings, where the learner stopped, the next section and the photos still due. */
export async function checkVideoData(ctx: Scoped, userId: number, goodsId: number, t: PlayTarget) {
  const p = t.entitled ? await progressRow(ctx, userId, t.owner.id, t.section.sectionId) : undefined
  const i = t.tree.sections.findIndex((s) => s.sectionId === t.section.sectionId)
  const photos = t.entitled ? await duePhotos(ctx, userId, t.owner, t.section) : []
  const st = progressState(p)
  return {
    ...settingsOf(t.owner),
    // a free trial (audition without a grant) credits nothing: no skip rule, no photo checks to hold it up
    ...(t.entitled ? {} : { antiSkip: false, photoAtStart: false, photoRandomCount: 0 }),
    trial: !t.entitled,
    goodsId,
    sectionId: t.section.sectionId,
    courseId: t.section.courseId,
    chapterId: t.section.chapterId,
    sectionName: t.section.sectionName,
    durationSeconds: t.section.durationSeconds,
    status: st.status,
    position: st.position,
    furthest: st.furthest,
    creditedSeconds: st.creditedSeconds,
    // a trial goes on to the next section free to try, never into one it may not play
    nextSectionId:
      (t.entitled ? t.tree.sections[i + 1] : t.tree.sections.slice(i + 1).find((s) => s.audition))?.sectionId ?? null,
    photos,
  }
}

/** Every report of one learner runs under one lock: the parallel check sees the other sessions' intervals. */
async function lockLearner(ctx: Scoped, userId: number) {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`learn:${ctx.scope.tenantId}:${userId}`}, 0))`,
  )
}

type ReportOut = { code: 200 | 621; data: ReportData } | { gone: true }
type ReportData = {
  accepted: boolean
  abnormal: string | null
  status: number
  position: number
  furthest: number
  creditedSeconds: number
  percent: number
  photos: PhotoDue[]
}

/**
 * One progress report. The interval's wall span is the last (end - start) seconds before now (at most since the
 * previous report): playback at 1x watched it just before reporting, whatever pause came earlier.
 */
async function applyReport(
  ctx: Scoped,
  userId: number,
  body: { sessionId: string; startPosition: number; endPosition: number; event: string },
): Promise<ReportOut> {
  if (!isSessionId(body.sessionId)) return { gone: true }
  return ctx.db.transaction(async (tx: Tx) => {
    const t: Scoped = { db: tx as unknown as Db, scope: ctx.scope }
    await lockLearner(t, userId)
    const now = new Date()
    // the session (locked), its section, its goods and whether the learner holds the goods now: one statement
    const [row] = await tx
      .select({
        s: playSession,
        section: sectionCols,
        owner: goodsCols,
        entitled: sql<boolean>`exists (select 1 from ${userGoods} where ${userGoods.tenantId} = ${ctx.scope.tenantId}
          and ${userGoods.userId} = ${userId} and ${userGoods.goodsId} = ${playSession.goodsId}
          and ${userGoods.revokedAt} is null
          and (${userGoods.expiresAt} is null or ${userGoods.expiresAt} > ${new Date().toISOString()}::timestamptz))`,
      })
      .from(playSession)
      .innerJoin(
        courseSection,
        and(eq(courseSection.id, playSession.sectionId), eq(courseSection.tenantId, ctx.scope.tenantId)),
      )
      .innerJoin(goods, and(eq(goods.id, playSession.goodsId), eq(goods.tenantId, ctx.scope.tenantId)))
      .where(ctx.scope.where(playSession, eq(playSession.id, body.sessionId)))
      .for('update', { of: playSession })
    const s = row?.s
    if (!row || !s || s.userId !== userId || s.closedAt) return { gone: true }
    if (now.getTime() - s.lastReportAt.getTime() > SESSION_IDLE_SECONDS * 1000) {
      await tx
        .update(playSession)
        .set({ closedAt: now })
        .where(ctx.scope.where(playSession, eq(playSession.id, s.id)))
      return { gone: true }
    }
    const { section, owner } = row
    const duration = section.durationSeconds
    const p = await progressRow(t, userId, s.goodsId, s.sectionId, true)
    const cur = progressState(p)
    const start = body.startPosition
    const end = body.endPosition
    const len = end - start
    const wallSeconds = (now.getTime() - s.lastReportAt.getTime()) / 1000
    const wallStart = new Date(Math.max(s.lastReportAt.getTime(), now.getTime() - len * 1000))
    const moveSession = (position: number) =>
      tx
        .update(playSession)
        .set({ lastReportAt: now, lastPosition: position })
        .where(ctx.scope.where(playSession, eq(playSession.id, s.id)))
    const unchanged = async (abnormal: string | null): Promise<ReportData> => ({
      accepted: false,
      abnormal,
      status: cur.status,
      position: cur.position,
      furthest: cur.furthest,
      creditedSeconds: cur.creditedSeconds,
      percent: percentOf(cur.creditedSeconds, duration),
      photos: await duePhotos(t, userId, owner, section),
    })

    // audition without entitlement: played, nothing recorded or credited
    if (!row.entitled) {
      await moveSession(end)
      return { code: 200, data: await unchanged(null) }
    }

    let kind: AbnormalKind | undefined
    if (end > duration + SEEK_SLACK_SECONDS) kind = 'out-of-range'
    else if (owner.antiSkip && cur.status !== SECTION_STATUS.finished && start > cur.furthest + SEEK_SLACK_SECONDS)
      kind = 'skip'
    else if (len > wallSeconds + REPORT_SLACK_SECONDS) kind = 'too-fast'
    else if (len > 0) {
      const others = await tx
        .select({ wallStart: studyInterval.wallStart, wallEnd: studyInterval.wallEnd })
        .from(studyInterval)
        .where(
          ctx.scope.where(
            studyInterval,
            eq(studyInterval.userId, userId),
            eq(studyInterval.accepted, true),
            ne(studyInterval.sessionId, s.id),
            gt(studyInterval.endPosition, studyInterval.startPosition),
            gt(studyInterval.wallEnd, wallStart),
            lt(studyInterval.wallStart, now),
          ),
        )
      const overlap = (o: { wallStart: Date; wallEnd: Date }) =>
        (Math.min(o.wallEnd.getTime(), now.getTime()) - Math.max(o.wallStart.getTime(), wallStart.getTime())) / 1000
      if (others.some((o) => overlap(o) > REPORT_SLACK_SECONDS)) kind = 'parallel'
    }
    if (kind) {
      await tx.insert(studyInterval).values(
        ctx.scope.row({
          userId,
          goodsId: s.goodsId,
          sectionId: s.sectionId,
          sessionId: s.id,
          startPosition: start,
          endPosition: end,
          wallStart: s.lastReportAt,
          wallEnd: now,
          accepted: false,
          abnormalKind: kind,
        }),
      )
      // the wall time of a refused interval is spent: it is not banked for a later report
      await moveSession(cur.position)
      return { code: 200, data: await unchanged(kind) }
    }

    // A due photo at or before the end stops the credit at its point: what was watched before it counts, the
    // rest waits for the photo (the answer is 621 and the player goes back to that point).
    const photos = await duePhotos(t, userId, owner, section)
    const gate = photos.find((ph) => ph.position <= end)
    const creditedEnd = gate ? Math.max(start, Math.min(end, gate.position)) : end
    if (gate && creditedEnd <= start) {
      await moveSession(cur.position)
      return { code: LEARN_CODE.photoRequired, data: { ...(await unchanged(null)), accepted: true } }
    }
    const coverage = mergeCoverage(cur.coverage, start, creditedEnd, duration)
    const covered = coveredSeconds(coverage)
    const before = coveredSeconds(cur.coverage)
    const finished = cur.status === SECTION_STATUS.finished || isFinished(covered, duration)
    const status = finished ? SECTION_STATUS.finished : SECTION_STATUS.learning
    const furthest = round3(Math.max(cur.furthest, Math.min(creditedEnd, duration)))
    const position = !gate && body.event === 'end' && finished ? 0 : round3(Math.min(creditedEnd, duration))
    const values = {
      status,
      position,
      furthest,
      creditedSeconds: Math.min(creditOf(covered), duration),
      coverage,
      updatedAt: now,
      finishedAt: p?.finishedAt ?? (finished ? now : null),
    }
    if (p)
      await tx
        .update(studyProgress)
        .set(values)
        .where(ctx.scope.where(studyProgress, eq(studyProgress.id, p.id)))
    else
      await tx
        .insert(studyProgress)
        .values(
          ctx.scope.row({ userId, goodsId: s.goodsId, courseId: section.courseId, sectionId: s.sectionId, ...values }),
        )
    if (creditedEnd > start)
      await tx.insert(studyInterval).values(
        ctx.scope.row({
          userId,
          goodsId: s.goodsId,
          sectionId: s.sectionId,
          sessionId: s.id,
          startPosition: start,
          endPosition: creditedEnd,
          wallStart: new Date(Math.max(s.lastReportAt.getTime(), now.getTime() - (creditedEnd - start) * 1000)),
          wallEnd: now,
          creditedSeconds: round3(covered - before),
          accepted: true,
        }),
      )
    await moveSession(position)
    return {
      code: gate ? LEARN_CODE.photoRequired : 200,
      data: {
        accepted: true,
        abnormal: null,
        status,
        position,
        furthest,
        creditedSeconds: values.creditedSeconds,
        percent: percentOf(values.creditedSeconds, duration),
        photos,
      },
    }
  })
}

/** The learner's open, non-idle session (reports, photos, abnormal reports name it). */
export async function ownSession(ctx: Scoped, userId: number, sessionId: string) {
  if (!isSessionId(sessionId)) throw sessionGone()
  const [s] = await ctx.db
    .select()
    .from(playSession)
    .where(ctx.scope.where(playSession, eq(playSession.id, sessionId), eq(playSession.userId, userId)))
  if (!s || s.closedAt || Date.now() - s.lastReportAt.getTime() > SESSION_IDLE_SECONDS * 1000) throw sessionGone()
  return s
}

export const handlers: Handlers = {
  'GET /study/record/check/video': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const t = await playTarget(ctx, userId, query.goodsId, query.sectionId)
    return checkVideoData(ctx, userId, query.goodsId, t)
  },

  'POST /study/record/save/video': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const t = await playTarget(ctx, userId, body.goodsId, body.sectionId)
    if (t.entitled) {
      const check = await studyCheck(ctx, userId, t.owner.id, true)
      if (!check.allowed) throw studyClosed(check)
    }
    const id = randomBytes(16).toString('hex')
    const now = new Date()
    await ctx.db.transaction(async (tx: Tx) => {
      // one playback per section: a new session ends the learner's other sessions of the section
      await tx
        .update(playSession)
        .set({ closedAt: now })
        .where(
          ctx.scope.where(
            playSession,
            eq(playSession.userId, userId),
            eq(playSession.sectionId, body.sectionId),
            isNull(playSession.closedAt),
          ),
        )
      await tx.insert(playSession).values(
        ctx.scope.row({
          id,
          userId,
          goodsId: t.owner.id,
          sectionId: body.sectionId,
          openedAt: now,
          lastReportAt: now,
        }),
      )
    })
    const data = await checkVideoData(ctx, userId, body.goodsId, t)
    return { ...data, sessionId: id, serverTime: Math.floor(now.getTime() / 1000) }
  },

  'POST /study/record': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const out = await applyReport(ctx, userId, body)
    if ('gone' in out) throw sessionGone()
    if (out.code === LEARN_CODE.photoRequired)
      return new EnvelopeResult(out.code, 'a photo is due before study goes on', out.data)
    return out.data
  },

  'POST /study/record/abnormal': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const s = await ownSession(ctx, userId, body.sessionId)
    const now = new Date()
    await ctx.db.insert(studyInterval).values(
      ctx.scope.row({
        userId,
        goodsId: s.goodsId,
        sectionId: s.sectionId,
        sessionId: s.id,
        startPosition: body.position,
        endPosition: body.target,
        wallStart: now,
        wallEnd: now,
        accepted: false,
        abnormalKind: body.kind,
        detail: stripControl(body.detail),
      }),
    )
    return null
  },

  'POST /study/record/reset/section': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const t = await playTarget(ctx, userId, body.goodsId, body.sectionId)
    if (!t.entitled) return null // nothing recorded for an audition without entitlement
    await ctx.db
      .update(studyProgress)
      .set({ position: 0, updatedAt: new Date() })
      .where(
        ctx.scope.where(
          studyProgress,
          eq(studyProgress.userId, userId),
          eq(studyProgress.goodsId, t.owner.id),
          eq(studyProgress.sectionId, body.sectionId),
        ),
      )
    return null
  },

  'GET /vod/video/sign/:id': async (ctx, { params, query }) => {
    const { userId } = requireUser(ctx)
    const t = await playTarget(ctx, userId, query.goodsId, params.id)
    if (!t.section.videoId) throw notFound('video')
    // played through a grant: the URL names it and stops with it (a free trial names nobody)
    const holder = t.entitled ? { tenantId: ctx.scope.tenantId, userId, goodsId: query.goodsId } : undefined
    return videoProvider(ctx.config.secret, ctx.config.video).sign(t.section.videoId, Date.now(), holder)
  },
  /** The player's skip rule (docs/DECISIONS.md "Course extras"): the same read as checkVideo, reduced to the rule. */
  'GET /course/skipPort': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    if (query.sectionId === undefined) {
      // the goods' own rule, before any section is chosen: for a learner holding it
      const g = await goodsById(ctx, query.goodsId)
      await requireGrant(ctx, userId, g.id)
      const s = settingsOf(g)
      return {
        goodsId: g.id,
        sectionId: null,
        ...s,
        trial: false,
        finished: false,
        seekable: !s.antiSkip,
        skipPoint: 0,
        slackSeconds: SEEK_SLACK_SECONDS,
        durationSeconds: 0,
        photos: [],
      }
    }
    const t = await playTarget(ctx, userId, query.goodsId, query.sectionId)
    const v = await checkVideoData(ctx, userId, query.goodsId, t)
    const finished = v.status === SECTION_STATUS.finished
    return {
      goodsId: v.goodsId,
      sectionId: v.sectionId,
      antiSkip: v.antiSkip,
      trial: v.trial,
      finished,
      seekable: !v.antiSkip || finished || v.trial,
      skipPoint: v.furthest,
      slackSeconds: SEEK_SLACK_SECONDS,
      durationSeconds: v.durationSeconds,
      photoAtStart: v.photoAtStart,
      photoRandomCount: v.photoRandomCount,
      photos: v.photos,
    }
  },
}
