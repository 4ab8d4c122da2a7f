/**
 * The real WeChat provider (server/src/services/wechat/real.ts) against a stub fetch replaying the response bodies
 * WeChat documents (tests/server/fixtures/wechat): success and error bodies of jscode2session, oauth2/access_token,
 * cgi-bin/token and ticket/getticket, the refusals they become, the token and ticket cache (one fetch at a time,
 * refreshed before expiry, a replaced token retried once), and the JS-SDK signature against WeChat's published
 * example. Also the local provider's determinism and the bind ticket.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../../server/src/config'
import { AppError } from '../../server/src/http/core'
import { wechatProvider } from '../../server/src/services/wechat'
import { BIND_TICKET_TTL_SECONDS, makeBindTicket, readBindTicket } from '../../server/src/services/wechat/bind-ticket'
import { jssdkSignature } from '../../server/src/services/wechat/jssdk'
import { LocalWechatProvider } from '../../server/src/services/wechat/local'
import { REFRESH_MARGIN_SECONDS, RealWechatProvider } from '../../server/src/services/wechat/real'
import type { FetchLike, WechatApp } from '../../server/src/services/wechat/types'

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/wechat/${name}.json`, import.meta.url), 'utf8'))

const MINI: WechatApp = { kind: 'mini', appId: 'wx5a1e0c0ffee00001', appSecret: 'mini-secret-0123456789' }
const GZH: WechatApp = { kind: 'gzh', appId: 'wx6b2fd0c0ffee0001', appSecret: 'gzh-secret-0123456789' }

/** A fetch that answers each path with the next body queued for it, and records every URL asked for. */
function stubFetch(queue: Record<string, unknown[]>) {
  const urls: URL[] = []
  let gate: Promise<void> | null = null
  const fetch: FetchLike = async (url) => {
    const u = new URL(url)
    urls.push(u)
    if (gate) await gate
    const next = queue[u.pathname]?.shift()
    if (next === undefined) throw new Error(`no stub body left for ${u.pathname}`)
    if (next instanceof Error) throw next
    return { ok: true, status: 200, json: async () => next }
  }
  return {
    fetch,
    urls,
    hold() {
      let release!: () => void
      gate = new Promise((r) => {
        release = r
      })
      return () => {
        gate = null
        release()
      }
    },
  }
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(AppError)
  return { code: (e as AppError).code, msg: (e as AppError).message }
}

describe('real WeChat provider', () => {
  it('code2session: calls jscode2session with the app credentials and reads openid and unionid', async () => {
    const s = stubFetch({
      '/sns/jscode2session': [fixture('jscode2session.ok'), fixture('jscode2session.ok-no-unionid')],
    })
    const p = new RealWechatProvider({ fetch: s.fetch })
    expect(await p.code2session(MINI, '081aBcDe0xYz')).toEqual({
      openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
      unionId: 'o6_bmasdasdsad6_2sgVt7hMZOPfL',
    })
    expect(await p.code2session(MINI, '081aBcDe0xY2')).toEqual({ openId: 'oVBkZ0aYgDMDIywRdgPW8-joxXc4' })
    const u = s.urls[0]!
    expect(u.origin).toBe('https://api.weixin.qq.com')
    expect(Object.fromEntries(u.searchParams)).toEqual({
      appid: MINI.appId,
      secret: MINI.appSecret,
      js_code: '081aBcDe0xYz',
      grant_type: 'authorization_code',
    })
  })

  it('turns WeChat errcodes into clear refusals', async () => {
    const cases: [string, number, string][] = [
      ['jscode2session.40029', 400, 'code: the WeChat code is invalid or expired, try again'],
      ['jscode2session.40163', 400, 'code: the WeChat code was already used, try again'],
      ['jscode2session.45011', 429, 'WeChat is busy: try again in a moment'],
      ['jscode2session.-1', 429, 'WeChat is busy: try again in a moment'],
      ['jscode2session.40125', 501, "the school's WeChat app is not set up correctly"],
      ['jscode2session.40013', 501, "the school's WeChat app is not set up correctly"],
    ]
    for (const [name, code, msg] of cases) {
      const p = new RealWechatProvider({ fetch: stubFetch({ '/sns/jscode2session': [fixture(name)] }).fetch })
      expect(await refusal(p.code2session(MINI, 'c')), name).toEqual({ code, msg })
    }
    // an unknown errcode, a body without openid, a network failure, an HTTP error
    const odd = new RealWechatProvider({
      fetch: stubFetch({
        '/sns/jscode2session': [{ errcode: 99999, errmsg: 'new' }, { session_key: 'x' }, new Error('ECONNRESET')],
      }).fetch,
    })
    for (let i = 0; i < 3; i++)
      expect(await refusal(odd.code2session(MINI, 'c'))).toEqual({
        code: 500,
        msg: 'WeChat did not answer as expected: try again',
      })
    const http = new RealWechatProvider({ fetch: async () => ({ ok: false, status: 502, json: async () => ({}) }) })
    expect((await refusal(http.code2session(MINI, 'c'))).code).toBe(500)
  })

  it('refuses clearly, without calling WeChat, when the school has no secret', async () => {
    const s = stubFetch({})
    const p = new RealWechatProvider({ fetch: s.fetch })
    const noSecret = { ...MINI, appSecret: '' }
    expect(await refusal(p.code2session(noSecret, 'c'))).toEqual({
      code: 501,
      msg: 'WeChat login is not set up for this school',
    })
    expect((await refusal(p.oauthOpenId({ ...GZH, appSecret: '' }, 'c'))).code).toBe(501)
    expect((await refusal(p.jsapiTicket({ ...GZH, appSecret: '' }))).code).toBe(501)
    expect(s.urls).toHaveLength(0)
  })

  it('oauthOpenId: snsapi_base exchange; a snapshot user and bad codes are refused', async () => {
    const s = stubFetch({
      '/sns/oauth2/access_token': [
        fixture('oauth2-access_token.ok'),
        fixture('oauth2-access_token.snapshot'),
        fixture('oauth2-access_token.40029'),
        fixture('oauth2-access_token.40163'),
      ],
    })
    const p = new RealWechatProvider({ fetch: s.fetch })
    expect(await p.oauthOpenId(GZH, '011xYz')).toEqual({ openId: 'oLVPpjqs9BhvzwPj5A-vTYAX3GLc' })
    expect(Object.fromEntries(s.urls[0]!.searchParams)).toEqual({
      appid: GZH.appId,
      secret: GZH.appSecret,
      code: '011xYz',
      grant_type: 'authorization_code',
    })
    expect(await refusal(p.oauthOpenId(GZH, 'c'))).toEqual({
      code: 400,
      msg: 'code: open the page in WeChat itself (not a preview) to log in',
    })
    expect((await refusal(p.oauthOpenId(GZH, 'c'))).msg).toBe('code: the WeChat code is invalid or expired, try again')
    expect((await refusal(p.oauthOpenId(GZH, 'c'))).msg).toBe('code: the WeChat code was already used, try again')
  })

  it('jsapiTicket: token then ticket, cached until shortly before expires_in, one fetch at a time', async () => {
    let now = 1_700_000_000_000
    const s = stubFetch({
      '/cgi-bin/token': [fixture('cgi-bin-token.ok'), fixture('cgi-bin-token.ok')],
      '/cgi-bin/ticket/getticket': [fixture('getticket.ok'), fixture('getticket.ok')],
    })
    const p = new RealWechatProvider({ fetch: s.fetch, now: () => now })
    const release = s.hold()
    const parallel = Promise.all([p.jsapiTicket(GZH), p.jsapiTicket(GZH), p.jsapiTicket(GZH)])
    await new Promise((r) => setTimeout(r, 10))
    release()
    const tickets = await parallel
    const ticket = (fixture('getticket.ok') as { ticket: string }).ticket
    expect(tickets).toEqual([ticket, ticket, ticket])
    expect(s.urls.map((u) => u.pathname)).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket'])
    expect(Object.fromEntries(s.urls[0]!.searchParams)).toEqual({
      grant_type: 'client_credential',
      appid: GZH.appId,
      secret: GZH.appSecret,
    })
    expect(Object.fromEntries(s.urls[1]!.searchParams)).toEqual({
      access_token: (fixture('cgi-bin-token.ok') as { access_token: string }).access_token,
      type: 'jsapi',
    })
    // cached until REFRESH_MARGIN_SECONDS before expires_in (7200 s)
    now += (7200 - REFRESH_MARGIN_SECONDS - 1) * 1000
    expect(await p.jsapiTicket(GZH)).toBe(ticket)
    expect(s.urls).toHaveLength(2)
    now += 2000
    expect(await p.jsapiTicket(GZH)).toBe(ticket)
    expect(s.urls.map((u) => u.pathname)).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ])
  })

  it('a token another process replaced (40001) is fetched again once; bad credentials are refused', async () => {
    const s = stubFetch({
      '/cgi-bin/token': [fixture('cgi-bin-token.ok'), fixture('cgi-bin-token.ok')],
      '/cgi-bin/ticket/getticket': [fixture('getticket.40001'), fixture('getticket.ok')],
    })
    const p = new RealWechatProvider({ fetch: s.fetch })
    expect(await p.jsapiTicket(GZH)).toBe((fixture('getticket.ok') as { ticket: string }).ticket)
    expect(s.urls).toHaveLength(4)

    for (const name of ['cgi-bin-token.40125', 'cgi-bin-token.40013']) {
      const bad = new RealWechatProvider({ fetch: stubFetch({ '/cgi-bin/token': [fixture(name)] }).fetch })
      expect(await refusal(bad.jsapiTicket(GZH)), name).toEqual({
        code: 501,
        msg: "the school's WeChat app is not set up correctly",
      })
    }
    // a failed fetch is not cached: the next call asks again
    const flaky = stubFetch({
      '/cgi-bin/token': [fixture('jscode2session.-1'), fixture('cgi-bin-token.ok')],
      '/cgi-bin/ticket/getticket': [fixture('getticket.ok')],
    })
    const q = new RealWechatProvider({ fetch: flaky.fetch })
    expect((await refusal(q.jsapiTicket(GZH))).code).toBe(429)
    expect(await q.jsapiTicket(GZH)).toBe((fixture('getticket.ok') as { ticket: string }).ticket)
  })
})

describe('JS-SDK signature', () => {
  it("matches WeChat's published example", () => {
    expect(
      jssdkSignature(
        'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        'Wm3WZYTPz0wzccnW',
        1414587457,
        'http://mp.weixin.qq.com?params=value',
      ),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed')
  })
  it('signs the URL without its #fragment', () => {
    const a = jssdkSignature('t', 'n', 1, 'https://a.xuexi-demo.com/p?x=1')
    expect(jssdkSignature('t', 'n', 1, 'https://a.xuexi-demo.com/p?x=1#/deep')).toBe(a)
  })
})

describe('local provider and bind ticket', () => {
  it('the same code gives the same openid per app; invalid and used codes fail like WeChat', async () => {
    const p = new LocalWechatProvider('s1')
    const a = await p.code2session(MINI, 'code-1')
    expect(a.openId).toMatch(/^o[\w-]{27}$/)
    expect(await p.code2session(MINI, 'code-1')).toEqual(a)
    expect((await p.code2session(MINI, 'code-2')).openId).not.toBe(a.openId)
    expect((await p.oauthOpenId(GZH, 'code-1')).openId).not.toBe(a.openId)
    expect(a.unionId).toBeUndefined()
    expect((await refusal(p.code2session(MINI, 'invalid-1'))).msg).toBe(
      'code: the WeChat code is invalid or expired, try again',
    )
    expect((await refusal(p.oauthOpenId(GZH, 'used-1'))).msg).toBe('code: the WeChat code was already used, try again')
  })

  it('a bind ticket reads back within 10 minutes and not after, nor with another secret or a changed payload', () => {
    const now = 1_700_000_000_000
    const claims = { tenantId: 1001, kind: 'mini' as const, appId: MINI.appId, openId: 'oAbc', unionId: 'uXyz' }
    const { ticket, expiresAt } = makeBindTicket('k', claims, now)
    expect(expiresAt).toBe(now / 1000 + BIND_TICKET_TTL_SECONDS)
    expect(readBindTicket('k', ticket, now + 599_000)).toEqual(claims)
    expect(readBindTicket('k', ticket, now + 601_000)).toBeNull()
    expect(readBindTicket('other', ticket, now)).toBeNull()
    const [payload, mac] = ticket.split('.')
    expect(readBindTicket('k', `${payload}x.${mac}`, now)).toBeNull()
    expect(readBindTicket('k', `${ticket}.x`, now)).toBeNull()
  })
})

describe('provider choice (WECHAT_PROVIDER)', () => {
  it('local by default, wechat when named, off in production unless named', async () => {
    const of = (env: NodeJS.ProcessEnv) => wechatProvider(configFromEnv(env, 'secret-0123456789')).name
    expect(of({})).toBe('local')
    expect(of({ WECHAT_PROVIDER: 'wechat' })).toBe('wechat')
    expect(of({ NODE_ENV: 'production' })).toBe('off')
    expect(of({ NODE_ENV: 'production', WECHAT_PROVIDER: 'local' })).toBe('local')
    expect(of({ NODE_ENV: 'production', WECHAT_PROVIDER: 'wechat' })).toBe('wechat')
    const off = wechatProvider(configFromEnv({ NODE_ENV: 'production' }, 'secret-0123456789'))
    expect(await refusal(off.code2session(MINI, 'c'))).toEqual({
      code: 501,
      msg: 'WeChat login is not set up for this school',
    })
  })
})
