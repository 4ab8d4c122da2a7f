/**
 * Exams and mock exams (timed sittings of a paper with attempt limits, entry conditions, server auto-submit),
 * appointments (areas, sites, sessions with capacity, bookings, commitment letter), personal-info confirmation,
 * rankings and certificates. Semantics: docs/DECISIONS.md "Exams". Times are Unix seconds (server clock).
 * Answers of an exam attempt are saved and submitted through POST /exam/record/edit (mock: /mock/record/edit),
 * the question bank's attempt calls; an attempt of scope exam | mock carries examId and deadlineTime.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { editBody, editResult, recordDetail, recordSummary } from './bank'
import { ELIGIBILITY_KEYS, EXAM_KINDS, SESSION_KINDS } from './exam-codes'
import type { RouteSchema } from './types'
import { uploadRef } from './upload'

export * from './exam-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional())
const int = z.number().int()
const num = z.number()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })
const time = int
const PHONE_RE = /^1[3-9]\d{9}$/
/** 18-character resident ID: 17 digits + digit or X (checksum verified by the server) */
const ID_CARD_RE = /^\d{17}[\dXx]$/
const imageUrl = uploadRef('signatureUrl')

export const examKind = z.enum(EXAM_KINDS)
export const sessionKind = z.enum(SESSION_KINDS)

// ---- exams ----
export const examRow = z.object({
  examId: int,
  kind: examKind,
  name: z.string(),
  goodsId: int.nullable(),
  goodsName: z.string(),
  paperId: int,
  questionNum: int,
  /** the paper's possible total */
  totalScore: num,
  passScore: num,
  durationSeconds: int,
  /** 0 = unlimited */
  maxAttempts: int,
  /** submitted attempts plus an unfinished one */
  attemptsUsed: int,
  openTime: time.nullable(),
  closeTime: time.nullable(),
  /** upcoming: before openTime; open; closed: after closeTime */
  status: z.enum(['upcoming', 'open', 'closed']),
  requireAppointment: z.boolean(),
  certificate: z.boolean(),
  bestScore: num.nullable(),
  passed: z.boolean(),
  /** the unfinished attempt, if any (resume it) */
  openRecordId: int.nullable(),
})
export const eligibilityCheck = z.object({
  key: z.enum(ELIGIBILITY_KEYS),
  ok: z.boolean(),
  /** what is required (shown on the checklist) */
  title: z.string(),
  /** what is missing, empty when ok */
  message: z.string(),
  /** app route that fixes it (ELIGIBILITY_FIX_PATH with the query it needs) */
  fixPath: z.string(),
})
export const eligibility = z.object({ eligible: z.boolean(), checks: z.array(eligibilityCheck) })

export const appointmentRow = z.object({
  appointmentId: int,
  kind: sessionKind,
  /** APPOINTMENT_STATUS */
  status: int,
  examId: int,
  examName: z.string(),
  sessionId: int,
  siteId: int,
  siteName: z.string(),
  siteAddress: z.string(),
  sitePhone: z.string(),
  cityName: z.string(),
  startTime: time,
  endTime: time,
  rescheduleNum: int,
  /** cancel / reschedule still allowed (booked, before the cut-off, reschedules left) */
  canChange: z.boolean(),
  /** cancel still allowed (booked, before the cut-off; reschedules used up do not matter) */
  canCancel: z.boolean(),
  /** the cut-off: startTime - CHANGE_CUTOFF_HOURS */
  changeDeadlineTime: time,
  letterSigned: z.boolean(),
  signatureUrl: z.string(),
  signedTime: time.nullable(),
  createdTime: time,
})

export const certificateRow = z.object({
  certificateId: int,
  serial: z.string(),
  examId: int,
  examName: z.string(),
  realName: z.string(),
  score: num,
  passScore: num,
  issuedTime: time,
  /** public page that confirms the certificate (absolute when PUBLIC_BASE_URL is set) */
  verifyUrl: z.string(),
  valid: z.boolean(),
})

export const examDetail = examRow.extend({
  description: z.string(),
  eligibility,
  /** the active exam-site booking (requireAppointment) */
  appointment: appointmentRow.nullable(),
  /** this learner's attempts, newest first */
  attempts: z.array(recordSummary),
  /** the learner's certificate of this exam (replaces the row's flag here; the flag is issuesCertificate) */
  certificate: certificateRow.nullable(),
  /** a pass issues a certificate (examRow.certificate) */
  issuesCertificate: z.boolean(),
})

/** A started or resumed timed attempt: the record plus the clock. */
export const examAttempt = recordDetail.extend({
  examId: int,
  examName: z.string(),
  durationSeconds: int,
  /** server time now: the app's countdown = deadlineTime - sysTime, corrected by the device's offset */
  sysTime: num,
  /** 1-based attempt number of this learner for the exam */
  attemptNo: int,
  maxAttempts: int,
})

const examQuery = z.object({ examId: id })

// ---- appointments ----
export const areaRow = z.object({ areaId: int, parentId: int, name: z.string(), siteNum: int })
export const sessionRow = z.object({
  sessionId: int,
  siteId: int,
  examId: int,
  kind: sessionKind,
  startTime: time,
  endTime: time,
  capacity: int,
  booked: int,
  remaining: int,
  /** in the future, not full, and not the learner's current booking */
  bookable: z.boolean(),
})
export const siteRow = z.object({
  siteId: int,
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  cityId: int,
  cityName: z.string(),
  /** future sessions of the asked exam and kind, soonest first */
  sessions: z.array(sessionRow),
})
const siteQuery = z.object({ examId: id, cityId: optionalId })

/** What can be booked: exams with sessions of a kind, with the learner's current booking. */
export const bookableExam = z.object({
  exam: examRow,
  appointment: appointmentRow.nullable(),
  sessionNum: int,
})

// ---- letter ----
export const commitmentLetter = z.object({
  examId: int,
  examName: z.string(),
  title: z.string(),
  /** sanitised HTML */
  content: z.string(),
  /** the active exam booking the signature is stored with (null = book first) */
  appointmentId: int.nullable(),
  signed: z.boolean(),
  signatureUrl: z.string(),
  signedTime: time.nullable(),
})

// ---- info confirmation ----
export const infoDetail = z.object({
  realName: z.string(),
  /** masked */
  idCard: z.string(),
  /** masked */
  telPhone: z.string(),
  eduLevel: z.string(),
  /** identity certification REVIEW_STATUS */
  certStatus: int,
  /** confirmed and nothing changed since */
  confirmed: z.boolean(),
  confirmedTime: time.nullable(),
  /** fields to fill before confirming: realName, idCard */
  missing: z.array(z.string()),
})

// ---- ranking ----
export const rankingRow = z.object({
  rank: int,
  /** masked (first character + *) */
  userName: z.string(),
  avatar: z.string(),
  score: num,
  timeSpentSeconds: int,
  me: z.boolean(),
  /** study rankings (no examId; docs/DECISIONS.md "Ranking"): the three measures of the learner in the period */
  studySeconds: int.optional(),
  questionNum: int.optional(),
  /** percent of graded answers right, one decimal */
  rightRate: num.optional(),
})

// ---- mock ----
export const mockRow = examRow.extend({
  businessId: int.nullable(),
  businessName: z.string(),
  subjectId: int.nullable(),
  subjectName: z.string(),
  applyOpenTime: time.nullable(),
  applyCloseTime: time.nullable(),
  /** scheduled before openTime, living inside the window, ended after closeTime */
  live: z.enum(['scheduled', 'living', 'ended']),
  applied: z.boolean(),
  subscribeId: int.nullable(),
  /** the application window is open */
  canApply: z.boolean(),
  /** the mock's live room (explanation class), if it has one: open pages3/live/detail?channelId= */
  channelId: int.nullable(),
  /** its current or next session */
  liveSessionId: int.nullable(),
})
export const mockSubscribeRow = z.object({
  subscribeId: int,
  examId: int,
  examName: z.string(),
  realName: z.string(),
  /** masked */
  idCard: z.string(),
  /** masked */
  telPhone: z.string(),
  subjectId: int.nullable(),
  subjectName: z.string(),
  siteId: int.nullable(),
  siteName: z.string(),
  /** MOCK_SUBSCRIBE_STATUS */
  status: int,
  createdTime: time,
  openTime: time.nullable(),
  closeTime: time.nullable(),
  /** the mock's attempts (0 = unlimited) and the learner's: submitted plus the open one */
  maxAttempts: int,
  attemptsUsed: int,
  /** the unfinished attempt, if any (continue it) */
  openRecordId: int.nullable(),
})
const mockApplyBody = z.object({
  examId: id,
  realName: z.string().trim().min(2, 'realName must be 2-30 characters').max(30, 'realName must be 2-30 characters'),
  idCard: z.string().trim().toUpperCase().regex(ID_CARD_RE, 'idCard must be an 18-character ID number'),
  telPhone: z.string().trim().regex(PHONE_RE, 'telPhone must be an 11-digit mobile number'),
  subjectId: id.optional(),
  /** an exam site (0 / absent = online) */
  siteId: id.optional(),
})

export const examSchemas = {
  // exams
  'GET /bank/exam/exam/list': {
    query: z.object({
      kind: examKind.default('formal'),
      status: z.enum(['upcoming', 'open', 'closed']).optional(),
      ...pageQuery,
    }),
    data: page(examRow),
  },
  'GET /bank/exam/:id': { params: z.object({ id }), data: examDetail },
  /** the formal exams of a goods the learner holds (a course's final exam), for the learning pages */
  'GET /course/menu/exam/list': { query: z.object({ goodsId: id }), data: z.array(examRow) },
  /** what to sit next: the unfinished attempt's exam, else the soonest booked, else the first open eligible exam */
  'GET /bank/exam/nextExam': {
    data: z.object({ exam: examRow.nullable(), appointment: appointmentRow.nullable() }),
  },
  /** the unfinished attempt of the exam (id = examId) with the clock, or null */
  'GET /bank/exam/temp/:id': { params: z.object({ id }), data: examAttempt.nullable() },
  /** start (or resume) a timed attempt of a formal exam */
  'POST /bank/exam/simulate': { body: z.object({ examId: id }), data: examAttempt },
  /**
   * With examId: the exam's ranking (best attempt per learner). Without: the study ranking of the tenant's learners
   * `by` hours | questions | rate over `period` week | month | all (docs/DECISIONS.md "Ranking"); `score` is then
   * the measure's value (hours: seconds studied, questions: questions done, rate: percent right).
   */
  'GET /app/user/rankingList': {
    query: z.object({
      examId: optionalId,
      by: z.enum(['hours', 'questions', 'rate']).default('hours'),
      period: z.enum(['week', 'month', 'all']).default('week'),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ rows: z.array(rankingRow), mine: rankingRow.nullable(), total: int }),
  },
  'GET /user/certificate/list': { query: z.object(pageQuery), data: page(certificateRow) },
  'GET /user/confirm/info/detail': { data: infoDetail },
  'POST /user/confirm/info': { body: z.object({ confirm: z.literal(true) }), data: infoDetail },

  // appointments
  'GET /apply/areas/list': { data: z.array(areaRow) },
  'GET /apply/areas/cityList': { query: z.object({ parentId: id }), data: z.array(areaRow) },
  'GET /apply/subscribe': {
    query: z.object({ kind: sessionKind.default('exam') }),
    data: z.array(bookableExam),
  },
  'GET /apply/subscribeApplySite': { query: siteQuery, data: z.array(siteRow) },
  'GET /apply/subscribeApplySiteTrain': { query: siteQuery, data: z.array(siteRow) },
  /** the learner's next upcoming booking (any kind) */
  'GET /apply/subscribeNext': { data: appointmentRow.nullable() },
  'POST /apply/save': { body: z.object({ sessionId: id }), data: appointmentRow },
  'POST /apply/edit': {
    body: z
      .object({ appointmentId: id, action: z.enum(['reschedule', 'cancel']), sessionId: id.optional() })
      .refine((b) => b.action !== 'reschedule' || b.sessionId !== undefined, 'sessionId is required to reschedule'),
    data: appointmentRow,
  },
  'GET /apply/list': {
    query: z.object({
      kind: z.preprocess((v) => (v === '' ? undefined : v), sessionKind.optional()),
      /** upcoming (booked, not ended) | past (ended or cancelled) */
      when: z.enum(['upcoming', 'past', 'all']).default('all'),
      ...pageQuery,
    }),
    data: page(appointmentRow),
  },
  /** the next upcoming exam-kind booking */
  'GET /user/subscribe/recentExam': { data: appointmentRow.nullable() },
  'GET /user/subscribe/:id': { params: z.object({ id }), data: appointmentRow },
  'GET /base/profile/tp/getInfo': { query: examQuery, data: commitmentLetter },
  'POST /base/profile/tp/commitment/upload': {
    body: z.object({ appointmentId: id, signatureUrl: imageUrl }),
    data: appointmentRow,
  },

  // mock exams
  'GET /mock/apply/listApply': {
    query: z.object({ businessId: optionalId, ...pageQuery }),
    data: page(mockRow),
  },
  'GET /mock/apply/listApplyName': { data: z.array(z.object({ examId: int, name: z.string() })) },
  'GET /mock/apply/listApplyBusiness': {
    data: z.array(z.object({ businessId: int, businessName: z.string(), examNum: int })),
  },
  /** scheduled and living mock sessions, soonest first, each with its live room when it has one */
  'GET /mock/apply/listMockLive': { query: z.object(pageQuery), data: page(mockRow) },
  'GET /mock/apply/mockLiving': { data: z.array(mockRow) },
  'POST /mock/subscribe': { body: mockApplyBody, data: mockSubscribeRow },
  'POST /mock/subscribe/edit': {
    body: z.object({
      subscribeId: id,
      action: z.enum(['update', 'cancel']),
      telPhone: z.string().trim().regex(PHONE_RE, 'telPhone must be an 11-digit mobile number').optional(),
      siteId: id.optional(),
      subjectId: id.optional(),
    }),
    data: mockSubscribeRow,
  },
  'GET /mock/subscribe/listSubscribe': { query: z.object(pageQuery), data: page(mockSubscribeRow) },
  'GET /mock/subscribe/info/:id': { params: z.object({ id }), data: mockSubscribeRow },
  'POST /mock/record': { body: z.object({ examId: id }), data: examAttempt },
  'POST /mock/record/edit': { body: editBody, data: editResult },
  'GET /mock/record/:id': { params: z.object({ id }), data: recordDetail },
  'GET /mock/record/group_list': {
    data: z.array(
      z.object({
        examId: int,
        name: z.string(),
        attempts: int,
        bestScore: num.nullable(),
        lastScore: num.nullable(),
        lastTime: time.nullable(),
        passed: z.boolean(),
      }),
    ),
  },
  'GET /mock/record/list': { query: z.object({ examId: optionalId, ...pageQuery }), data: page(recordSummary) },
  /** put the submitted attempt's wrong and partial questions into the wrong book */
  'POST /mock/wwrong/record': { body: z.object({ recordId: id }), data: z.object({ added: int }) },
  /** id = recordId: wrong / partial questions of the attempt, and how many of them are in the wrong book */
  'GET /mock/wwrong/record/wrongNum/:id': {
    params: z.object({ id }),
    data: z.object({ wrongNum: int, inBookNum: int }),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/** The staff desk's certificates (../staff.ts; server/src/modules/exam/staff.ts). */
export const examStaffSchemas = {
  /** certificates issued, newest 100 */
  'GET /staff/certificates': {
    data: z.array(
      z.object({
        serial: z.string(),
        userAccount: z.string(),
        realName: z.string(),
        examName: z.string(),
        score: z.number(),
        /** ISO time */
        issuedAt: z.string(),
        revokedAt: z.string().nullable(),
      }),
    ),
  },
  /** e.g. misconduct found later: the public verification then says revoked */
  'POST /staff/certificates/:serial/revoke': {
    params: z.object({ serial: z.string().trim().min(8).max(32) }),
    data: z.object({ serial: z.string(), revokedAt: z.string().nullable() }),
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
