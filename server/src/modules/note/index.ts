/**
 * Notes (/user/note*, docs/DECISIONS.md "Notes"): a learner's own notes on a course section at a video time, or on
 * a question; listed grouped by day (Asia/Shanghai) for the calendar of My notes, or for one section / question.
 * A learner reads and changes only their own notes: every query names the tenant and the user.
 */
import { and, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm'
import { NOTE_LIST_MAX, NOTE_RANGE_MAX_DAYS } from '../../../../contract/schemas/note-codes'
import { countRows } from '../../db'
import { course, courseSection, question, userNote } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { Access } from '../bank/core'
import { dateOf } from '../learn/core'
import { questionTarget, sectionTarget, stemOf } from './targets'

const DAY_MS = 24 * 3600 * 1000
/** the first instant of a China day */
const dayStart = (date: string) => new Date(`${date}T00:00:00+08:00`)
const addDays = (date: string, n: number) =>
  new Date(dayStart(date).getTime() + n * DAY_MS + 8 * 3600 * 1000).toISOString().slice(0, 10)
const lastOfMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
}

const noteNotFound = () => new AppError(404, 'note not found')

const columns = {
  noteId: userNote.id,
  content: userNote.content,
  goodsId: userNote.goodsId,
  courseId: userNote.courseId,
  courseName: course.name,
  sectionId: userNote.sectionId,
  sectionName: courseSection.name,
  videoTime: userNote.videoTime,
  questionId: userNote.questionId,
  questionHtml: question.title,
  createdAt: userNote.createdAt,
  updatedAt: userNote.updatedAt,
}

type Row = {
  noteId: number
  content: string
  goodsId: number | null
  courseId: number | null
  courseName: string | null
  sectionId: number | null
  sectionName: string | null
  videoTime: number | null
  questionId: number | null
  questionHtml: string | null
  createdAt: Date
  updatedAt: Date
}

const view = (r: Row) => ({
  noteId: r.noteId,
  kind: r.questionId !== null ? ('question' as const) : ('section' as const),
  content: r.content,
  goodsId: r.goodsId,
  courseId: r.courseId,
  courseName: r.courseName ?? '',
  sectionId: r.sectionId,
  sectionName: r.sectionName ?? '',
  videoTime: r.videoTime,
  questionId: r.questionId,
  questionTitle: r.questionHtml ? stemOf(r.questionHtml) : '',
  date: dateOf(r.createdAt),
  createTime: toSeconds(r.createdAt),
  updateTime: toSeconds(r.updatedAt),
})

/** The learner's notes matching `where`, with their section / course / question names. */
function select(ctx: Ctx, userId: number, ...where: (SQL | undefined)[]) {
  return ctx.db
    .select(columns)
    .from(userNote)
    .leftJoin(
      courseSection,
      and(eq(courseSection.id, userNote.sectionId), eq(courseSection.tenantId, userNote.tenantId)),
    )
    .leftJoin(course, and(eq(course.id, userNote.courseId), eq(course.tenantId, userNote.tenantId)))
    .leftJoin(question, and(eq(question.id, userNote.questionId), eq(question.tenantId, userNote.tenantId)))
    .where(ctx.scope.where(userNote, eq(userNote.userId, userId), ...where))
}

async function oneNote(ctx: Ctx, userId: number, noteId: number) {
  const [r] = await select(ctx, userId, eq(userNote.id, noteId))
  if (!r) throw noteNotFound()
  return view(r)
}

/** The range a listDate call answers: [begin, end] dates, or null for all time. */
function rangeOf(q: {
  month?: string
  beginDate?: string
  endDate?: string
  courseId?: number
  sectionId?: number
  questionId?: number
}): [string, string] | null {
  if (q.beginDate && q.endDate) {
    const days = (dayStart(q.endDate).getTime() - dayStart(q.beginDate).getTime()) / DAY_MS + 1
    if (days > NOTE_RANGE_MAX_DAYS) throw new AppError(400, `the date range is at most ${NOTE_RANGE_MAX_DAYS} days`)
    return [q.beginDate, q.endDate]
  }
  if (q.month) return [`${q.month}-01`, lastOfMonth(q.month)]
  if (q.courseId || q.sectionId || q.questionId) return null
  const month = dateOf(new Date()).slice(0, 7)
  return [`${month}-01`, lastOfMonth(month)]
}

export const handlers: Handlers = {
  'GET /user/note/listDate': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const range = rangeOf(query)
    const where = [
      range ? gte(userNote.createdAt, dayStart(range[0])) : undefined,
      range ? lt(userNote.createdAt, dayStart(addDays(range[1], 1))) : undefined,
      query.courseId ? eq(userNote.courseId, query.courseId) : undefined,
      query.sectionId ? eq(userNote.sectionId, query.sectionId) : undefined,
      query.questionId ? eq(userNote.questionId, query.questionId) : undefined,
      query.kind === 'section' ? isNotNull(userNote.sectionId) : undefined,
      query.kind === 'question' ? isNotNull(userNote.questionId) : undefined,
    ]
    const [rows, total] = await Promise.all([
      select(ctx, userId, ...where)
        .orderBy(desc(userNote.createdAt), desc(userNote.id))
        .limit(NOTE_LIST_MAX),
      countRows(ctx.db, userNote, ctx.scope.where(userNote, eq(userNote.userId, userId), ...where)),
    ])
    const days: { date: string; count: number; notes: ReturnType<typeof view>[] }[] = []
    for (const r of rows) {
      const n = view(r)
      const last = days[days.length - 1]
      if (last && last.date === n.date) {
        last.notes.push(n)
        last.count++
      } else days.push({ date: n.date, count: 1, notes: [n] })
    }
    return { beginDate: range?.[0] ?? '', endDate: range?.[1] ?? '', total, truncated: total > rows.length, days }
  },

  'POST /user/note': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    let values: Partial<typeof userNote.$inferInsert>
    if (body.sectionId !== undefined) {
      const s = await sectionTarget(ctx, userId, body.sectionId, body.goodsId, { auditionOk: true })
      const at = Math.floor(body.videoTime ?? 0)
      values = {
        sectionId: s.sectionId,
        courseId: s.courseId,
        goodsId: s.goodsId,
        videoTime: s.durationSeconds > 0 ? Math.min(at, s.durationSeconds) : at,
      }
    } else {
      const q = await questionTarget(ctx, await Access.of(ctx, userId), body.questionId!)
      values = { questionId: q.questionId }
    }
    const [row] = await ctx.db
      .insert(userNote)
      .values(ctx.scope.row({ ...values, userId, content: body.content }))
      .returning({ id: userNote.id })
    return oneNote(ctx, userId, row!.id)
  },

  'POST /user/note/edit': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const mine = ctx.scope.where(userNote, eq(userNote.userId, userId), eq(userNote.id, body.id))
    if (body.delete) {
      const gone = await ctx.db.delete(userNote).where(mine).returning({ id: userNote.id })
      if (gone.length === 0) throw noteNotFound()
      return null
    }
    const [row] = await ctx.db
      .update(userNote)
      .set({ content: body.content!, updatedAt: new Date() })
      .where(mine)
      .returning({ id: userNote.id })
    if (!row) throw noteNotFound()
    return oneNote(ctx, userId, row.id)
  },
}
