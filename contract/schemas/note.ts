/**
 * Notes (spec §7 "Notes, answers": /user/note*): a learner's own notes on a course section at a video time, or on
 * a question. `listDate` answers them grouped by day (Asia/Shanghai) for a month or a date range, for the
 * calendar of My notes and for the notes list of one section or question. Semantics: docs/DECISIONS.md "Notes".
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import { NOTE_MAX } from './note-codes'
import type { RouteSchema } from './types'

export * from './note-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional())
const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/

const content = z
  .string()
  .trim()
  .min(1, 'content is required')
  .max(NOTE_MAX, `content must be at most ${NOTE_MAX} characters`)

export const noteRow = z.object({
  noteId: int,
  /** 'section': a note at a video time of a course section; 'question': a note on a question */
  kind: z.enum(['section', 'question']),
  content: z.string(),
  goodsId: int.nullable(),
  courseId: int.nullable(),
  courseName: z.string(),
  sectionId: int.nullable(),
  sectionName: z.string(),
  /** seconds into the section's video (section notes) */
  videoTime: int.nullable(),
  questionId: int.nullable(),
  /** the question's stem as plain text, at most 80 characters */
  questionTitle: z.string(),
  /** YYYY-MM-DD (Asia/Shanghai) of createTime: the day the note is listed under */
  date: z.string(),
  createTime: int,
  updateTime: int,
})

export const noteDay = z.object({ date: z.string(), count: int, notes: z.array(noteRow) })

export const noteSchemas = {
  /**
   * Notes grouped by day, newest day first, newest note first in a day. Range: `beginDate`..`endDate`
   * (YYYY-MM-DD, at most NOTE_RANGE_MAX_DAYS days), else `month` (YYYY-MM), else all time when a course, section
   * or question filter is given, else the current month.
   */
  'GET /user/note/listDate': {
    query: z
      .object({
        month: z.string().trim().regex(MONTH_RE, 'month must be YYYY-MM').optional(),
        beginDate: z.string().trim().regex(DATE_RE, 'beginDate must be YYYY-MM-DD').optional(),
        endDate: z.string().trim().regex(DATE_RE, 'endDate must be YYYY-MM-DD').optional(),
        courseId: optionalId,
        sectionId: optionalId,
        questionId: optionalId,
        kind: z.enum(['section', 'question']).optional(),
      })
      .refine((q) => !q.beginDate === !q.endDate, 'beginDate and endDate go together')
      .refine((q) => !q.beginDate || !q.endDate || q.beginDate <= q.endDate, 'beginDate must not be after endDate'),
    data: z.object({
      /** the range answered (empty strings: all time) */
      beginDate: z.string(),
      endDate: z.string(),
      total: int,
      /** more than NOTE_LIST_MAX notes in the range: the oldest were left out */
      truncated: z.boolean(),
      days: z.array(noteDay),
    }),
  },
  /** A note on a section (sectionId + videoTime, goodsId = the goods played) or on a question (questionId). */
  'POST /user/note': {
    body: z
      .object({
        sectionId: id.optional(),
        goodsId: id.optional(),
        videoTime: z.number().min(0, 'videoTime must be 0 or more').max(86_400).optional(),
        questionId: id.optional(),
        content,
      })
      .refine((b) => (b.sectionId === undefined) !== (b.questionId === undefined), 'give sectionId or questionId')
      .refine((b) => b.sectionId === undefined || b.videoTime !== undefined, 'videoTime is required with sectionId'),
    data: noteRow,
  },
  /** Edit the content, or `delete: true`; answers the note as it is now (null once deleted). */
  'POST /user/note/edit': {
    body: z
      .object({ id, content: content.optional(), delete: z.boolean().optional() })
      .refine((b) => b.delete === true || b.content !== undefined, 'content is required'),
    data: noteRow.nullable(),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>
