/** Refusals of the WeChat exchanges (each catalogued in server/src/http/refusals.ts). */
import { AppError } from '../../http/core'

export const wechatRefusal = {
  /** 40029: a code WeChat does not know (typed by hand, from another app, or older than 5 minutes) */
  codeInvalid: () => new AppError(400, 'code: the WeChat code is invalid or expired, try again'),
  /** 40163: every code is single use */
  codeUsed: () => new AppError(400, 'code: the WeChat code was already used, try again'),
  /** the official account's "snapshot" page (is_snapshotuser): a made-up openid that must not be bound */
  snapshotUser: () => new AppError(400, 'code: open the page in WeChat itself (not a preview) to log in'),
  /** 45011 (rate limit) and -1 (system busy) */
  busy: () => new AppError(429, 'WeChat is busy: try again in a moment'),
  /** no app of that kind for the tenant, or no secret for the real provider */
  notSetUp: () => new AppError(501, 'WeChat login is not set up for this school'),
  /** 40013 (invalid appid), 40125 (invalid appsecret), 41002/41004 (missing), 40164 (IP not on the allow-list) */
  credentials: () => new AppError(501, "the school's WeChat app is not set up correctly"),
  /** any other answer (a network failure, an unknown errcode, a body without openid) */
  failed: () => new AppError(500, 'WeChat did not answer as expected: try again'),
}
