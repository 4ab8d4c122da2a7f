/**
 * Messages (spec "messages", pages2/msg; docs/DECISIONS.md "Messages"): the learner's own messages, newest first.
 * Opening one (`message(id)`) marks it read on the server; `markRead({ ids })` / `markRead({ all: true })` mark
 * several. The unread count of the list (`unread`) is the same number as informSum of /app/user/infoAttached.
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export { MARK_READ_MAX, READ_STATUS } from '../../../contract/schemas/inform-codes'

type Query<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { query: infer Q } ? Q : never

export type MessagePage = RouteData<'GET /app/informUser/list'>
export type MessageRow = MessagePage['rows'][number]
export type MessageDetail = RouteData<'GET /app/informUser/:id'>

export function messages(query: Query<'GET /app/informUser/list'> = {}, opts?: CallOptions) {
  return call('GET /app/informUser/list', { query }, opts)
}

/** the message, marked read by the server */
export function message(id: number, opts?: CallOptions) {
  return call('GET /app/informUser/:id', { params: { id } }, opts)
}

export function markRead(body: { ids: number[] } | { all: true }, opts?: CallOptions) {
  return call('POST /app/informUser', { body }, opts)
}
