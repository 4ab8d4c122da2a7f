/**
 * Q and A (spec §7 "Notes, answers": /app/answer*): a learner asks the school's teachers about a course (or one of
 * its sections) or a question, with text and images uploaded through the upload service; teachers reply from the
 * staff desk (`/staff/answers`, the console's Q&A page); the learner sees the replies here and gets a message.
 * Semantics: docs/DECISIONS.md "Questions and answers".
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { ANSWER_MAX, ANSWER_MAX_IMAGES, ANSWER_REPLY_MAX } from './answer-codes'
import type { RouteSchema } from './types'
import { uploadRef } from './upload'

export * from './answer-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional())

const content = z
  .string()
  .trim()
  .min(1, 'content is required')
  .max(ANSWER_MAX, `content must be at most ${ANSWER_MAX} characters`)
/** an upload of the learner's: the URL the upload answered, or its key (the server checks it is their own) */
const imageUrl = uploadRef('imageUrl')
const imageList = z.array(imageUrl).max(ANSWER_MAX_IMAGES, `imageList holds at most ${ANSWER_MAX_IMAGES} images`)

export const answerReply = z.object({
  replyId: int,
  content: z.string(),
  /** the teacher's display name */
  teacherName: z.string(),
  createTime: int,
})

export const answerRow = z.object({
  answerId: int,
  /** 'course': about a course or one of its sections; 'question': about a question */
  kind: z.enum(['course', 'question']),
  content: z.string(),
  imageList: z.array(z.string()),
  goodsId: int.nullable(),
  courseId: int.nullable(),
  courseName: z.string(),
  sectionId: int.nullable(),
  sectionName: z.string(),
  questionId: int.nullable(),
  /** the question's stem as plain text, at most 80 characters */
  questionTitle: z.string(),
  /** ANSWER_STATUS */
  status: int,
  replies: z.array(answerReply),
  /** a reply the learner has not seen in this list yet */
  unread: z.boolean(),
  createTime: int,
  updateTime: int,
})

export const answerSchemas = {
  /**
   * My questions with their replies, newest first (quiet). Replies returned here count as seen: `unread` tells
   * which were new before this call, `unreadNum` how many of all my questions were.
   */
  'GET /app/answer/list': {
    query: z.object({
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(10),
      courseId: optionalId,
      questionId: optionalId,
      status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
    }),
    data: z.object({ rows: z.array(answerRow), total: int, unreadNum: int }),
  },
  /** Ask about a course (courseId, or sectionId: its course) or a question (questionId). */
  'POST /app/answer': {
    body: z
      .object({
        courseId: id.optional(),
        sectionId: id.optional(),
        goodsId: id.optional(),
        questionId: id.optional(),
        content,
        imageList: imageList.default([]),
      })
      .refine(
        (b) => (b.questionId === undefined) !== (b.courseId === undefined && b.sectionId === undefined),
        'give courseId (or sectionId) or questionId',
      ),
    data: answerRow,
  },
  /** Edit content / images while no teacher has replied, or `delete: true` (any time); null once deleted. */
  'POST /app/answer/edit': {
    body: z
      .object({ id, content: content.optional(), imageList: imageList.optional(), delete: z.boolean().optional() })
      .refine((b) => b.delete === true || b.content !== undefined || b.imageList !== undefined, 'nothing to change'),
    data: answerRow.nullable(),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/** The school teachers' Q and A desk (../staff.ts; server/src/modules/answer/staff.ts; the console's Q&A page). */
export const answerStaffSchemas = {
  /** learners' questions with their replies: open ones oldest first, answered / all newest first */
  'GET /staff/answers': {
    query: z.object({
      status: z.enum(['0', '1', 'all']).default('0'),
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(50).default(20),
    }),
    data: z.object({
      rows: z.array(answerRow.omit({ unread: true }).extend({ userAccount: z.string(), nickName: z.string() })),
      total: int,
    }),
    refusals: { query: 'status is 0, 1 or all; pageSize 1-50' },
  },
  /** a reply; the learner gets a message */
  'POST /staff/answers/:answerId/reply': {
    params: z.object({ answerId: id }),
    body: z.object({
      content: z
        .string()
        .trim()
        .min(1, 'content is required')
        .max(ANSWER_REPLY_MAX, `content must be at most ${ANSWER_REPLY_MAX} characters`),
    }),
    data: z.object({ answerId: int, replyId: int, status: int }),
    refusals: {
      params: 'answerId: must be a positive whole number',
      body: `content: a reply of 1-${ANSWER_REPLY_MAX} characters is required`,
    },
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
