/**
 * The SDK's parameter checks (spec §5, §8). Pure: no Taro, no socket. The chat text rules both clients use are in
 * shared/live/chat.ts.
 */
import { lx } from '../messages'

/** A refused SDK call: 'missing parameter' + name, 'pass parameters in the correct format', 'options must be object!'. */
export class LiveParamError extends Error {
  readonly param: string
  constructor(message: string, param = '') {
    super(message)
    this.name = 'LiveParamError'
    this.param = param
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const missing = (v: unknown) => v === undefined || v === null
const positiveInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0
const text = (v: unknown) => typeof v === 'string'
const idLike = (v: unknown) => (typeof v === 'string' && v.trim() !== '') || positiveInt(v)

/**
 * The chat init options as the spec's SDK checks them: an object; openId or userId, channelId, userName and
 * avatarUrl present ('missing parameter' + the name); each of the right kind ('pass parameters in the correct
 * format'). Throws LiveParamError.
 */
export function checkChatOptions(options: unknown, extra: Record<string, (v: unknown) => boolean> = {}): void {
  if (!isObject(options)) throw new LiveParamError(lx('param.notObject'))
  if (missing(options.userId) && missing(options.openId))
    throw new LiveParamError(lx('param.missing', { name: 'userId' }), 'userId')
  for (const name of ['channelId', 'userName', 'avatarUrl']) {
    if (missing(options[name])) throw new LiveParamError(lx('param.missing', { name }), name)
  }
  const rules: Record<string, (v: unknown) => boolean> = {
    userId: (v) => missing(v) || idLike(v),
    openId: (v) => missing(v) || idLike(v),
    channelId: positiveInt,
    userName: text,
    avatarUrl: text,
    ...extra,
  }
  for (const [name, ok] of Object.entries(rules)) {
    if (!ok(options[name])) throw new LiveParamError(lx('param.format'), name)
  }
}

/**
 * The live provider setup as the spec's SDK checks it: apiId and either apiSecret or verifyUrl (this app only ever
 * has the verify URL: the secret stays on the server). Throws LiveParamError.
 */
export function checkProviderSetup(setup: unknown): void {
  if (!isObject(setup)) throw new LiveParamError(lx('param.notObject'))
  const filled = (v: unknown) => typeof v === 'string' && v.trim() !== ''
  if (!filled(setup.apiId)) throw new LiveParamError(lx('param.format'), 'apiId')
  if (!filled(setup.apiSecret) && !filled(setup.verifyUrl)) throw new LiveParamError(lx('param.format'), 'verifyUrl')
}

export const checks = { positiveInt, text, isObject, idLike }
