/**
 * WeChat login and binding (spec §7 "Social-app binding"; docs/DECISIONS.md "WeChat login and binding"). The app
 * sends WeChat codes (wx.login on the mini program, the official account's OAuth code on H5 inside WeChat); the
 * server exchanges them with WeChat itself. No call takes an openid from the client for login: an unbound WeChat
 * user gets a short-lived server-signed `bindTicket`, which bindLogin / wx/gzh_bind take back with a phone and an
 * SMS code (scene 'login', sent with /app/common/sms/login).
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { RouteSchema } from './types'

const PHONE_RE = /^1[3-9]\d{9}$/
const phone = z.string().trim().regex(PHONE_RE, 'telPhone must be an 11-digit mobile number')
const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code must be 6 digits')
const deviceUuid = z.string().trim().min(8).max(64).optional()
/** a wx.login / OAuth code: WeChat's are 32 characters; a shape check only */
const wxCode = z
  .string()
  .trim()
  .regex(/^[\w-]{1,128}$/, 'code must be the code WeChat gave')
const bindTicket = z
  .string()
  .trim()
  .min(20, 'bindTicket must be the ticket of the WeChat login')
  .max(1024, 'bindTicket must be the ticket of the WeChat login')

const loginResult = z.object({ token: z.string(), userAccount: z.string(), newUser: z.boolean() })
/** bound: the normal login result; not bound: a ticket to bind this WeChat user by phone (10 minutes) */
const openIdLoginResult = z.discriminatedUnion('bound', [
  loginResult.extend({ bound: z.literal(true) }),
  z.object({
    bound: z.literal(false),
    bindTicket: z.string(),
    /** Unix seconds */
    expiresAt: z.number().int(),
  }),
])
const bindBody = z.object({
  bindTicket,
  telPhone: phone,
  code: smsCode,
  inviteCode: z.string().trim().max(32).optional(),
  deviceUuid,
})
const openId = z.object({ openId: z.string() })

export const wechatSchemas = {
  /** mini program: wx.login code -> logged in when the openid is bound, else a bind ticket */
  'POST /app/common/openIdLogin': { body: z.object({ code: wxCode, deviceUuid }), data: openIdLoginResult },
  /** bind the ticket's mini-program openid to the account of this phone (found or created) and log in */
  'POST /app/common/bindLogin': { body: bindBody, data: loginResult },
  /** official account (H5 inside WeChat): the twin of openIdLogin with the OAuth code */
  'POST /app/common/check/gzh_openId': { body: z.object({ code: wxCode, deviceUuid }), data: openIdLoginResult },
  /** the twin of bindLogin for the official account */
  'POST /app/common/wx/gzh_bind': { body: bindBody, data: loginResult },
  /**
   * whether the learner has a mini-program openid bound; with `code`, `matches` says whether that code's WeChat user
   * is the bound one (null without a code)
   */
  'POST /app/user/checkBindOpenId': {
    body: z.object({ code: wxCode.optional() }),
    data: z.object({ bound: z.boolean(), matches: z.boolean().nullable() }),
  },
  /** whether the learner has an official-account openid bound */
  'GET /app/user/checkBindGzh': { data: z.object({ bound: z.boolean() }) },
  /** bind the logged-in learner's official-account openid (OAuth code); answers the openid (the gzh payer) */
  'POST /app/user/gzh_bind': { body: z.object({ code: wxCode }), data: openId },
  /** mini program, logged in: bind (or confirm) the learner's openid; answers it (the JSAPI payer) */
  'POST /wx/getOpenid': { body: z.object({ code: wxCode }), data: openId },
  /** mini program, public: the openid of a code (the exam page's subscription messages); binds nothing */
  'POST /app/common/wx/exam/getOpenid': { body: z.object({ code: wxCode }), data: openId },
  /**
   * The official account of this school: `appId` (public: the login page's OAuth link uses it) and, for a page
   * `url` of the school (its #fragment ignored; its host must be one of the school's hosts), the JS-SDK config
   * signature. Without `url` only `appId` (timestamp, nonceStr and signature null): the OAuth link needs no JS-SDK
   * ticket, so it does not depend on the ticket's access token (which WeChat gives only to allow-listed servers).
   */
  'GET /app/common/wx/config': {
    query: z.object({
      url: z
        .string()
        .trim()
        .max(2048, 'url must be at most 2048 characters')
        .regex(/^https?:\/\/[^\s]+$/i, 'url must be the http(s) address of the page')
        .optional(),
    }),
    data: z.object({
      appId: z.string(),
      /** Unix seconds */
      timestamp: z.number().int().nullable(),
      nonceStr: z.string().nullable(),
      signature: z.string().nullable(),
    }),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>
