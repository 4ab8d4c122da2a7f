/**
 * Messages (spec "messages": pages2/msg; /app/informUser*). Semantics: docs/DECISIONS.md "Messages".
 * - list: the learner's own messages, newest first, paged, optionally only unread (readStatus=0) or read (1);
 *   `unread` = how many of all the learner's messages are unread (the page's "read all" and the badge agree).
 * - detail: opening a message marks it read; another learner's or another tenant's id is 404.
 * - POST /app/informUser: mark read, `{ ids: [..] }` (up to 100, only the caller's own count) or `{ all: true }`.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { INFORM_KINDS, MARK_READ_MAX, NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX } from './inform-codes'
import type { RouteSchema } from './types'

export * from './inform-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}

export const informRow = z.object({
  id: int,
  kind: z.enum(INFORM_KINDS),
  title: z.string(),
  /** the content's first line(s), at most 80 characters */
  summary: z.string(),
  /** an app route the message opens, '' for none */
  link: z.string(),
  /** 0 unread, 1 read */
  readStatus: int,
  createTime: int,
})

export const informDetail = informRow.extend({
  /** plain text (line breaks kept); never HTML */
  content: z.string(),
  /** a tenant announcement: the same id on every learner's copy; null otherwise */
  noticeId: int.nullable(),
})

export const informSchemas = {
  'GET /app/informUser/list': {
    query: z.object({
      ...pageQuery,
      readStatus: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
    }),
    data: z.object({ rows: z.array(informRow), total: int, unread: int }),
  },
  'GET /app/informUser/:id': { params: z.object({ id }), data: informDetail },
  'POST /app/informUser': {
    body: z
      .object({
        ids: z.array(id).min(1).max(MARK_READ_MAX).optional(),
        all: z.literal(true).optional(),
      })
      .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), {
        message: 'ids: name the messages to mark read, or all',
      }),
    data: z.object({ updated: int, unread: int }),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/**
 * The school's announcements, the staff desk's side of messages (../staff.ts; server/src/modules/inform/staff.ts):
 * one to every learner of the school.
 */
export const informStaffSchemas = {
  /** sent announcements, newest first, with how many copies are read */
  'GET /staff/notices': {
    query: z.object({
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({
      rows: z.array(
        z.object({
          noticeId: int,
          title: z.string(),
          content: z.string(),
          recipients: int,
          readCount: int,
          senderAccount: z.string(),
          createTime: int,
        }),
      ),
      total: int,
    }),
    refusals: { query: 'pageNum and pageSize must be whole numbers (pageSize up to 100)' },
  },
  'POST /staff/notices': {
    body: z.object({
      title: z.string().trim().min(1).max(NOTICE_TITLE_MAX),
      content: z.string().trim().min(1).max(NOTICE_CONTENT_MAX),
    }),
    data: z.object({ noticeId: int, recipients: int }),
    refusals: {
      body: {
        msg: 'announcement text must be 1 to 5000 characters',
        byField: { title: 'announcement title must be 1 to 200 characters' },
      },
    },
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
