/**
 * zod schemas for the routes that have handlers: input (query / params / body) and `data` of the
 * envelope. Server and tests import this file; the app imports only its types (`import type`), so the
 * zod runtime never reaches the bundle. A route listed in ./routes without an entry here has no handler
 * yet and answers the 'not available' envelope. The school staff's calls (./staff.ts) have theirs here too, from
 * each domain's `<domain>StaffSchemas`.
 */
import { z } from 'zod'
import type { ApiKey } from './api'
import { answerSchemas, answerStaffSchemas } from './schemas/answer'
import { bankSchemas } from './schemas/bank'
import { consoleSchemas } from './schemas/console'
import { examSchemas, examStaffSchemas } from './schemas/exam'
import { informSchemas, informStaffSchemas } from './schemas/inform'
import { learnSchemas, learnStaffSchemas } from './schemas/learn'
import { learnCourseSchemas, learnCourseStaffSchemas } from './schemas/learn-course'
import { liveLearnerSchemas, liveSchemas, liveStaffSchemas } from './schemas/live'
import { noteSchemas } from './schemas/note'
import { planSchemas } from './schemas/plan'
import { profileSchemas, profileStaffSchemas } from './schemas/profile'
import { scanSchemas } from './schemas/scan'
import { schoolSchemas } from './schemas/school'
import { shopSchemas, shopStaffSchemas } from './schemas/shop'
import type { RouteSchema } from './schemas/types'
import { uploadSchemas } from './schemas/upload'
import { userSchemas } from './schemas/user'
import { wechatSchemas } from './schemas/wechat'

export type { RouteSchema } from './schemas/types'

/** Spec §5 / §9: 11 digits, 1 then 3-9. */
export const PHONE_RE = /^1[3-9]\d{9}$/

const phone = z.string().trim().regex(PHONE_RE, 'telPhone must be an 11-digit mobile number')
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code must be 6 digits')
const password = z
  .string()
  .min(8, 'password must be at least 8 characters')
  .max(64, 'password must be at most 64 characters')
  .regex(/[A-Za-z]/, 'password must contain a letter')
  .regex(/\d/, 'password must contain a digit')
const deviceUuid = z.string().trim().min(8).max(64).optional()
const id = z.coerce.number().int().positive()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}

export const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() })

export const loginResult = z.object({
  token: z.string(),
  userAccount: z.string(),
  /** true when this call created the account (SMS login of an unknown phone, registration) */
  newUser: z.boolean(),
})

export const userInfo = z.object({
  userId: z.number().int(),
  userAccount: z.string(),
  telPhone: z.string(),
  nickName: z.string(),
  realName: z.string(),
  avatar: z.string(),
  sex: z.enum(['0', '1', '2']),
  birthday: z.string(),
  /** masked: only the first 4 and last 4 characters */
  idCard: z.string(),
  /** identity certification REVIEW_STATUS: 0 none, 1 pending review, 2 approved, 3 rejected */
  certStatus: z.number().int(),
  eduLevel: z.string(),
  school: z.string(),
  major: z.string(),
  graduationDate: z.string(),
  shareActivityCode: z.string(),
  inviteCode: z.string(),
  createTime: z.number().int(),
})

export const configRow = z.object({ configKey: z.string(), configValue: z.string() })
export const dictRow = z.object({
  dictType: z.string(),
  dictLabel: z.string(),
  dictValue: z.string(),
  dictSort: z.number().int(),
})
export const advert = z.object({
  id: z.number().int(),
  location: z.string(),
  title: z.string(),
  image: z.string(),
  linkUrl: z.string(),
  sort: z.number().int(),
})
export const homeItem = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  /** an in-app route (/pages/...) or an http(s) URL (opened in the web-view page) */
  linkUrl: z.string(),
  sort: z.number().int(),
})
export const consultation = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  publishTime: z.number().int(),
  views: z.number().int(),
  /** its category (null: none); docs/DECISIONS.md "News" */
  categoryId: z.number().int().nullable(),
})
export const consultationCategory = z.object({ id: z.number().int(), name: z.string() })
export const consultationDetail = consultation.extend({
  /** sanitised HTML (allow-listed tags and attributes only) */
  content: z.string(),
})

const lockBody = z.object({
  action: z.string().trim().min(1).max(32).default('jxjy'),
  uuid: z.string().trim().min(8).max(64),
})

const smsSend = z.object({ telPhone: phone })

export const schemas = {
  'GET /app/common/findTenantId': {
    query: z.object({ hostH5: z.string().trim().min(1).max(253) }),
    data: z.string(),
  },
  'GET /app/common/config': {
    query: z.object({ configKey: z.string().max(64).optional() }),
    data: z.array(configRow),
  },
  'GET /app/common/system/dict/data/list': {
    query: z.object({ dictType: z.string().max(64).optional() }),
    data: z.array(dictRow),
  },
  'GET /app/common/system/dict/data/sys/time': { data: z.number().int() },
  'GET /app/common/base/advertising/homeLocation': { data: z.array(advert) },
  'GET /app/common/base/advertising/adLocation': {
    query: z.object({ location: z.string().trim().min(1).max(32) }),
    data: z.array(advert),
  },
  'GET /app/common/base/advertising/list': {
    query: z.object({ ...pageQuery }),
    data: page(advert),
  },
  'GET /app/common/base/home/list': { data: z.array(homeItem) },
  'GET /app/consultation/list': {
    query: z.object({
      ...pageQuery,
      /** one category's articles; absent (or 0) = every article */
      categoryId: z.preprocess(
        (v) => (v === '' || v === '0' || v === 0 ? undefined : v),
        id.max(2_147_483_647).optional(),
      ),
    }),
    /** `categories`: the tenant's categories in tab order (the news list's tabs) */
    data: page(consultation).extend({ categories: z.array(consultationCategory) }),
  },
  'GET /app/consultation/details/:id': {
    params: z.object({ id }),
    data: consultationDetail,
  },
  'GET /captchaImage': {
    data: z.object({ img: z.string(), uuid: z.string() }),
  },
  'POST /app/common/sms/register': { body: smsSend, data: z.null() },
  'POST /app/common/sms/login': { body: smsSend, data: z.null() },
  'POST /app/common/sms/forget': { body: smsSend, data: z.null() },
  'POST /app/common/sms/bindNew': { body: smsSend, data: z.null() },
  'POST /app/common/register_small': {
    body: z.object({
      telPhone: phone,
      code: smsCode,
      password,
      inviteCode: z.string().trim().max(32).optional(),
      deviceUuid,
    }),
    data: loginResult,
  },
  'POST /app/common/register_forget': {
    body: z.object({ telPhone: phone, code: smsCode, password }),
    data: z.null(),
  },
  'POST /app/common/sms_login': {
    body: z.object({ telPhone: phone, code: smsCode, inviteCode: z.string().trim().max(32).optional(), deviceUuid }),
    data: loginResult,
  },
  'POST /app/common/account_login': {
    body: z.object({
      account: z.string().trim().min(1, 'account is required').max(64),
      password: z.string().min(1, 'password is required').max(64),
      code: z.string().trim().min(1, 'code (captcha) is required').max(8),
      uuid: z.string().trim().min(1, 'uuid (captcha id) is required').max(64),
      deviceUuid,
    }),
    data: loginResult,
  },
  'POST /login': {
    body: z.object({
      account: z.string().trim().min(1, 'account is required').max(64),
      password: z.string().min(1, 'password is required').max(64),
      code: z.string().trim().min(1, 'code (captcha) is required').max(8),
      uuid: z.string().trim().min(1, 'uuid (captcha id) is required').max(64),
      deviceUuid,
    }),
    data: loginResult,
  },
  'POST /app/common/telphone_login': {
    body: z.object({
      telPhone: phone,
      password: z.string().min(1, 'password is required').max(64),
      code: z.string().trim().min(1, 'code (captcha) is required').max(8),
      uuid: z.string().trim().min(1, 'uuid (captcha id) is required').max(64),
      deviceUuid,
    }),
    data: loginResult,
  },
  'GET /app/common/dual_auth': {
    query: z.object({ sign: z.string().trim().min(10).max(512), deviceUuid }),
    data: loginResult,
  },
  'GET /refreshToken/:account': {
    params: z.object({ account: z.string().trim().min(1).max(64) }),
    data: z.object({ token: z.string() }),
  },
  'GET /app/user/getInfo': {
    query: z.object({ fromPlat: z.coerce.number().int().optional() }),
    data: userInfo,
  },
  'GET /app/user/infoAttached': {
    data: z.object({
      informSum: z.number().int(),
      orderSum: z.number().int(),
      periodSum: z.number().int(),
      planSum: z.number().int(),
      subscribeSum: z.number().int(),
    }),
  },
  'POST /app/user/edit': {
    body: z
      .object({
        nickName: z.string().trim().min(1).max(30),
        realName: z.string().trim().max(30),
        avatar: z.string().trim().max(500),
        sex: z.enum(['0', '1', '2']),
        birthday: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'birthday must be YYYY-MM-DD')]),
        eduLevel: z.string().trim().max(30),
        school: z.string().trim().max(60),
        major: z.string().trim().max(60),
        graduationDate: z.union([
          z.literal(''),
          z.string().regex(/^\d{4}-\d{2}(-\d{2})?$/, 'graduationDate must be YYYY-MM or YYYY-MM-DD'),
        ]),
      })
      .partial()
      .refine((v) => Object.keys(v).length > 0, 'nothing to change'),
    data: z.null(),
  },
  'POST /app/user/updatePwd': {
    body: z.object({ oldPassword: z.string().min(1, 'oldPassword is required').max(64), newPassword: password }),
    data: z.null(),
  },
  'POST /app/user/bindNewTel': {
    body: z.object({ telPhone: phone, code: smsCode }),
    data: z.null(),
  },
  'POST /app/user/edit/shareActivityCode': {
    body: z.object({ shareActivityCode: z.string().trim().min(1).max(32) }),
    data: z.null(),
  },
  'POST /lock/lockAction': { body: lockBody, data: z.null() },
  'POST /lock/delLock': { body: lockBody, data: z.null() },
  /** answers code 200 when another device holds the lock, 500 when it is free (spec §4) */
  'POST /lock/lockStatus': { body: lockBody, data: z.null() },
  'POST /app/user/offline': {
    body: z.object({ uuid: z.string().trim().min(8).max(64) }),
    data: z.null(),
  },
  ...shopSchemas,
  ...bankSchemas,
  ...learnSchemas,
  ...uploadSchemas,
  ...examSchemas,
  ...profileSchemas,
  ...informSchemas,
  ...liveSchemas,
  ...liveLearnerSchemas,
  ...noteSchemas,
  ...planSchemas,
  ...answerSchemas,
  ...scanSchemas,
  ...learnCourseSchemas,
  ...userSchemas,
  ...schoolSchemas,
  ...wechatSchemas,
  // ---- the school staff's calls (./staff.ts) ----
  ...consoleSchemas,
  ...shopStaffSchemas,
  ...learnStaffSchemas,
  ...learnCourseStaffSchemas,
  ...examStaffSchemas,
  ...informStaffSchemas,
  ...profileStaffSchemas,
  ...answerStaffSchemas,
  ...liveStaffSchemas,
} satisfies Partial<Record<ApiKey, RouteSchema>>

export type Schemas = typeof schemas
export type ImplementedKey = keyof Schemas
