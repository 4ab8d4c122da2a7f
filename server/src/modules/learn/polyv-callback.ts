/**
 * polyv's authorization callback ("授权播放"; issue 17; docs/DECISIONS.md "Account extras"), outside the contract
 * (polyv calls it without our headers and reads its own answer, not our envelope):
 * `GET {apiBase}/polyv/video/auth/callback?vid&code&t[&callback]`, registered only when polyv is the video provider:
 * answers {status, username, sign} (JSONP when polyv sends `callback`); status 1 only for a valid, unexpired code
 * of this vid whose learner may still play the section (./polyv.ts makes the codes).
 */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { maskPhone } from '../../../../shared/rules/phone'
import type { AppConfig } from '../../config'
import type { Db } from '../../db'
import { sysUser } from '../../db/schema'
import { TenantScope } from '../../http/core'
import { playTarget } from './play'
import { authAnswerSign, readAuthCode } from './polyv'

/** polyv's JSONP callback name: an identifier path, nothing else */
const CALLBACK_RE = /^[A-Za-z_$][\w$.]{0,127}$/

export async function registerPolyvCallback(root: FastifyInstance, db: Db, config: AppConfig) {
  const secretKey = config.video.provider === 'polyv' ? config.video.polyvSecretKey : undefined
  if (!secretKey) return
  root.get(`${config.apiBase}/polyv/video/auth/callback`, async (req, reply) => {
    const q = req.query as Record<string, unknown>
    const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 512) : '')
    const vid = str(q.vid)
    const code = str(q.code)
    const t = str(q.t)
    const callback = str(q.callback)
    let username = ''
    let status: 0 | 1 = 0
    const c = vid && code ? readAuthCode(config.secret, vid, code) : null
    if (c) {
      const scope = new TenantScope(c.tenantId)
      const [u] = await db
        .select({ nickName: sysUser.nickName, telPhone: sysUser.telPhone })
        .from(sysUser)
        .where(scope.where(sysUser, eq(sysUser.id, c.userId)))
      // access is checked again at the moment polyv asks: a refund or an expiry since the code was made counts
      const ok = u ? await playTarget({ db, scope }, c.userId, c.goodsId, c.sectionId).catch(() => null) : null
      if (u && ok && ok.section.videoId === vid) {
        status = 1
        // the marquee shows who watches: the nick name, else the masked phone
        username = u.nickName || maskPhone(u.telPhone)
      }
    }
    const answer = { status, username, sign: authAnswerSign({ vid, username, code, status, t }, secretKey) }
    reply.header('cache-control', 'no-store')
    if (callback && CALLBACK_RE.test(callback))
      return reply.type('application/javascript; charset=utf-8').send(`${callback}(${JSON.stringify(answer)})`)
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer))
  })
}
