/**
 * WeChat login and binding (docs/DECISIONS.md "WeChat login and binding"): the app sends WeChat codes, never an
 * openid; an unbound WeChat user gets a bind ticket that bindLogin / gzhBindLogin take back with a phone and SMS code
 * (scene 'login'). Imported by the login page's subpackage only (not the H5 entry).
 */
import type { RouteInput } from '../../../contract/types'
import { deviceUuid } from '../storage'
import { type CallOptions, call } from './call'

type BindBody = Omit<RouteInput<'POST /app/common/bindLogin'>['body'], 'deviceUuid'>

/** mini program: a wx.login code -> logged in (bound) or a bind ticket */
export function openIdLogin(code: string, opts?: CallOptions) {
  return call('POST /app/common/openIdLogin', { body: { code, deviceUuid: deviceUuid() } }, opts)
}

/** official account (H5 inside WeChat): an OAuth code -> logged in (bound) or a bind ticket */
export function gzhOpenIdLogin(code: string, opts?: CallOptions) {
  return call('POST /app/common/check/gzh_openId', { body: { code, deviceUuid: deviceUuid() } }, opts)
}

export function bindLogin(body: BindBody, opts?: CallOptions) {
  return call('POST /app/common/bindLogin', { body: { ...body, deviceUuid: deviceUuid() } }, opts)
}

export function gzhBindLogin(body: BindBody, opts?: CallOptions) {
  return call('POST /app/common/wx/gzh_bind', { body: { ...body, deviceUuid: deviceUuid() } }, opts)
}

/**
 * The official account of the school: `appId` (the OAuth link's) and, with a page `url` of the school, the
 * JS-SDK config signature for it.
 */
export function wxConfig(url?: string, opts?: CallOptions) {
  return call('GET /app/common/wx/config', { query: url ? { url } : {} }, opts)
}

export function checkBindOpenId(code?: string, opts?: CallOptions) {
  return call('POST /app/user/checkBindOpenId', { body: code ? { code } : {} }, opts)
}

export function checkBindGzh(opts?: CallOptions) {
  return call('GET /app/user/checkBindGzh', {}, opts)
}

export function gzhBind(code: string, opts?: CallOptions) {
  return call('POST /app/user/gzh_bind', { body: { code } }, opts)
}

/** mini program, logged in: binds (or confirms) and answers the learner's openid (the JSAPI payer) */
export function getOpenid(code: string, opts?: CallOptions) {
  return call('POST /wx/getOpenid', { body: { code } }, opts)
}

/** mini program, public: the openid of a code (subscription messages of the exam page) */
export function examOpenid(code: string, opts?: CallOptions) {
  return call('POST /app/common/wx/exam/getOpenid', { body: { code } }, opts)
}
