/** A fake transport: envelope replies by 'METHOD /path' (without apiBase and query), every call recorded. */

import { setTransport, type TransportRequest } from '@/services/http/transport'
import { storage } from '@/services/storage'
import type { UserInfo } from '../../contract/types'

export interface FakeCall extends TransportRequest {
  key: string
  path: string
  query: URLSearchParams
}

export type Reply = { code: number; msg?: string; data?: unknown; key?: string; vars?: Record<string, string> } | 'fail'
export type Handler = (req: FakeCall) => Reply | Promise<Reply>

export function fakeServer(handlers: Record<string, Handler | Reply>) {
  const calls: FakeCall[] = []
  setTransport(async (req) => {
    const [pathWithBase, qs = ''] = req.url.split('?')
    const path = pathWithBase.replace(/^\/api/, '')
    const call: FakeCall = { ...req, key: `${req.method} ${path}`, path, query: new URLSearchParams(qs) }
    calls.push(call)
    const h = handlers[call.key]
    const reply = typeof h === 'function' ? await h(call) : (h ?? { code: 404, msg: `no handler ${call.key}` })
    if (reply === 'fail') throw new Error('network down')
    const status = reply.code >= 600 || reply.code < 100 ? 200 : reply.code
    // a refusal's key and values travel like the server sends them (issue 26 step 5)
    const named = reply.key ? { key: reply.key, ...(reply.vars ? { vars: reply.vars } : {}) } : {}
    return { statusCode: status, data: { code: reply.code, msg: reply.msg ?? '', data: reply.data ?? null, ...named } }
  })
  return {
    calls,
    count: (key: string) => calls.filter((c) => c.key === key).length,
    of: (key: string) => calls.filter((c) => c.key === key),
  }
}

/** The jsdom page host is localhost, so requests use demo-a's fallback host; seed its tenant id. */
export function seedTenant(id = '1001'): void {
  storage.set('tenant_ids', { 'a.xuexi-demo.com': id })
}

export const ok = (data: unknown = null): Reply => ({ code: 200, msg: 'ok', data })

export function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

export const flush = () => new Promise((r) => setTimeout(r, 0))

export const user: UserInfo = {
  userId: 1,
  userAccount: 'u1',
  telPhone: '13800138000',
  nickName: 'Nick',
  realName: 'Real',
  avatar: 'https://img/a.png',
  sex: '1',
  birthday: '',
  idCard: '',
  certStatus: 0,
  eduLevel: '',
  school: '',
  major: '',
  graduationDate: '',
  shareActivityCode: '',
  inviteCode: '',
  createTime: 0,
}
