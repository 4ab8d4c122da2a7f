import type { RouteInput } from '../../../contract/types'
import { type CallOptions, call } from './call'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never

export function getInfo(opts?: CallOptions) {
  return call('GET /app/user/getInfo', { query: { fromPlat: 1 } }, opts)
}

export function infoAttached(opts?: CallOptions) {
  return call('GET /app/user/infoAttached', {}, opts)
}

export function editUser(body: Body<'POST /app/user/edit'>, opts?: CallOptions) {
  return call('POST /app/user/edit', { body }, opts)
}

export function updatePwd(body: Body<'POST /app/user/updatePwd'>, opts?: CallOptions) {
  return call('POST /app/user/updatePwd', { body }, opts)
}

export function bindNewTel(body: Body<'POST /app/user/bindNewTel'>, opts?: CallOptions) {
  return call('POST /app/user/bindNewTel', { body }, opts)
}

export function editShareActivityCode(code: string, opts?: CallOptions) {
  return call('POST /app/user/edit/shareActivityCode', { body: { shareActivityCode: code } }, opts)
}
