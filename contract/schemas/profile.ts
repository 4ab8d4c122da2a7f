/**
 * Enrolment profiles and stamp words (docs/DECISIONS.md "Enrolment profile and stamp words"): a school sets a
 * profile template per goods (the fields it collects and the statement the learner copies out); a learner who
 * holds that goods fills the profile in, copies the statement (stamp words, with a handwritten signature when the
 * template asks: V2), and stamps it, which submits it to the school. Editable until the school locks it.
 * (`GET /base/profile/tp/getInfo` and `POST /base/profile/tp/commitment/upload` are the exam commitment letter:
 * contract/schemas/exam.ts.)
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { PROFILE_FIELD_TYPES } from './profile-codes'
import type { RouteSchema } from './types'
import { uploadRef } from './upload'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const time = int
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })

export * from './profile-codes'

export const profileField = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(PROFILE_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
  hint: z.string().optional(),
})

export const profileTemplate = z.object({
  templateId: int,
  goodsId: int,
  goodsName: z.string(),
  title: z.string(),
  intro: z.string(),
  fields: z.array(profileField),
  stampWords: z.string(),
  needSignature: z.boolean(),
})

export const profileStampView = z.object({
  words: z.string(),
  signatureUrl: z.string(),
  updatedTime: time,
})

export const profileRow = z.object({
  id: int,
  goodsId: int,
  goodsName: z.string(),
  title: z.string(),
  status: int,
  remark: z.string(),
  /** the learner copied out the stamp words (and signed, when asked) */
  hasStamp: z.boolean(),
  updatedTime: time,
  submittedTime: time.nullable(),
})

export const profileDetail = profileRow.extend({
  values: z.record(z.string(), z.string()),
  template: profileTemplate,
  stamp: profileStampView.nullable(),
  /** the learner may still change it (not locked) */
  editable: z.boolean(),
})

/** values: field key -> text (an image field: the URL of your upload); checked against the template on the server */
const values = z.record(z.string().max(40), z.string().max(500)).refine((v) => Object.keys(v).length <= 50, {
  message: 'at most 50 fields',
})
const words = z.string().trim().min(1, 'words is required').max(2000)
const signatureUrl = uploadRef('signatureUrl')
const profileRef = z.object({ profileId: id })

export const profileSchemas = {
  /** my goods whose school collects an enrolment profile, each with my profile's state (null: not filled in) */
  'GET /base/profile/tp/goods_list': {
    data: z.array(
      z.object({
        goodsId: int,
        goodsName: z.string(),
        cover: z.string(),
        title: z.string(),
        profileId: int.nullable(),
        status: int.nullable(),
      }),
    ),
  },
  /** my profiles, last changed first */
  'GET /base/profile/tp/list': { query: z.object(pageQuery), data: page(profileRow) },
  /** the form of a goods: its template, my current values (or what my account already knows) and my profile id */
  'GET /base/profile/tp/listProfile': {
    query: z.object({ goodsId: id }),
    data: z.object({
      template: profileTemplate,
      profileId: int.nullable(),
      status: int.nullable(),
      /** the school's note when it returned the profile */
      remark: z.string(),
      editable: z.boolean(),
      values: z.record(z.string(), z.string()),
    }),
  },
  'GET /base/profile/tp/:id': { params: z.object({ id }), data: profileDetail },
  /** fill in the profile of a goods I hold (one per goods): a draft until stamped */
  'POST /base/profile/tp': { body: z.object({ goodsId: id, values }), data: profileDetail },
  /** change it until the school locks it; a stamped (or returned) profile goes back to draft and needs a new stamp */
  'POST /base/profile/tp/edit': { body: z.object({ id, values }), data: profileDetail },

  /** the statement of a goods' template to copy out, and my copy of it */
  'GET /base/profileStamp/getInfo': {
    query: z.object({ goodsId: id }),
    data: z.object({
      goodsId: int,
      stampWords: z.string(),
      needSignature: z.boolean(),
      profileId: int.nullable(),
      status: int.nullable(),
      stamp: profileStampView.nullable(),
    }),
  },
  /** my copy of the stamp words (must match the statement; whitespace and punctuation width are not counted) */
  'POST /base/profileStamp/addWord': { body: profileRef.extend({ words }), data: profileDetail },
  /** the same with a handwritten signature (an image you uploaded): templates with needSignature */
  'POST /base/profileStamp/V2/addWord': { body: profileRef.extend({ words, signatureUrl }), data: profileDetail },
  /** change my copy (and signature) before the school locks the profile */
  'POST /base/profileStamp/edit': {
    body: profileRef.extend({ words, signatureUrl: signatureUrl.optional() }),
    data: profileDetail,
  },
  /** stamp: confirm the complete profile with my copied words; submits it to the school */
  'POST /base/profileStamp': { body: profileRef, data: profileDetail },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/**
 * The school's review of enrolment profiles (../staff.ts; server/src/modules/profile/staff.ts): lock a submitted one
 * (accepted) or return it with a note; either way the learner gets a message.
 */
export const profileStaffSchemas = {
  /** newest change first */
  'GET /staff/profiles': {
    query: z.object({
      status: z.coerce.number().int().min(0).max(3).optional(),
      goodsId: id.optional(),
      pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: page(
      z.object({
        id: int,
        goodsId: int,
        goodsName: z.string(),
        title: z.string(),
        userAccount: z.string(),
        status: int,
        remark: z.string(),
        values: z.record(z.string(), z.string()),
        words: z.string(),
        signatureUrl: z.string(),
        updatedTime: time,
        submittedTime: time.nullable(),
        lockedTime: time.nullable(),
      }),
    ),
    refusals: { query: 'status 0-3, goodsId a number, pageSize up to 100' },
  },
  'POST /staff/profiles/:id/review': {
    params: z.object({ id }),
    body: z.object({ action: z.enum(['lock', 'return']), remark: z.string().trim().max(200).default('') }),
    data: z.object({ id: int, status: int }),
    refusals: {
      params: { code: 404, msg: 'profile not found' },
      body: 'action is lock or return; remark at most 200 characters',
    },
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
