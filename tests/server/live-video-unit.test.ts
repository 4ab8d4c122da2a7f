/**
 * The pure parts of live video (docs/DECISIONS.md "Live — video"): the nginx.conf the server writes, the publish
 * sign and viewer id, recordings' names and playlists, the teacher's push address, Polyv's request signing and
 * their API's recorded response shapes through a fake fetch (never the network), and how a publish picks the
 * session that goes live (12 h window, unscheduled class, resume, teacher start/end).
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { liveChannel, liveSession } from '../../server/src/db/schema'
import { LiveEvents, type SessionStateEvent } from '../../server/src/modules/live/events'
import { endLive, goLive, RESUME_WINDOW_MS, setSessionState } from '../../server/src/modules/live/sessions'
import { readMediaToken } from '../../server/src/modules/live/token'
import { createLiveProvider, LocalLiveProvider, PolyvLiveProvider } from '../../server/src/modules/live/video'
import { nginxConf } from '../../server/src/modules/live/video/nginx-conf'
import {
  type FetchLike,
  PolyvClient,
  polyvDuration,
  polyvSign,
  polyvTime,
  splitPushUrl,
} from '../../server/src/modules/live/video/polyv'
import { hookBaseOf } from '../../server/src/modules/live/video/routes'
import {
  checkPublishSign,
  hookKey,
  mintPublishSign,
  mintViewerId,
  readViewerId,
} from '../../server/src/modules/live/video/signs'
import { parseRecordName, playlistSeconds, vodArgs } from '../../server/src/modules/live/video/vod'
import { freshPglite } from './helpers'

const S = 'unit-secret'

describe('nginx.conf', () => {
  const conf = nginxConf({
    dir: '/data/live',
    rtmpBind: '127.0.0.1',
    rtmpPort: 19350,
    hookBase: 'http://127.0.0.1:8080/api/live/hooks',
    hookKey: hookKey(S),
    user: 'www-data',
  })
  it('RTMP in on the bind address, HLS and recordings in the data dir, three hooks with the key', () => {
    expect(conf).toContain('load_module "/usr/lib/nginx/modules/ngx_rtmp_module.so";')
    expect(conf).toContain('user www-data;')
    expect(conf).toContain('worker_processes 1;')
    expect(conf).toContain('pid "/data/live/nginx.pid";')
    expect(conf).toContain('error_log "/data/live/logs/error.log" warn;')
    expect(conf).toContain('listen 127.0.0.1:19350;')
    expect(conf).toMatch(/application live \{[^}]*live on;/)
    expect(conf).toContain('deny play all;')
    expect(conf).toContain('hls_path "/data/live/hls";')
    expect(conf).toContain('hls_nested on;')
    expect(conf).toContain('hls_fragment 2s;')
    expect(conf).toContain('record all;')
    expect(conf).toContain('record_path "/data/live/rec";')
    expect(conf).toContain('record_unique on;')
    for (const h of ['publish', 'publish_done', 'record_done'])
      expect(conf).toContain(`on_${h} http://127.0.0.1:8080/api/live/hooks/${h}?k=${hookKey(S)};`)
  })
  it('IPv6 binds are bracketed; no user line when not root; unusable values are refused', () => {
    const base = {
      dir: '/d',
      rtmpBind: '::1',
      rtmpPort: 1935,
      hookBase: 'http://[::1]:80/api/live/hooks',
      hookKey: 'ab',
    }
    const v6 = nginxConf(base)
    expect(v6).toContain('listen [::1]:1935;')
    expect(v6).not.toContain('user ')
    expect(() => nginxConf({ ...base, dir: '/d"; evil' })).toThrow(/cannot be used/)
    expect(() => nginxConf({ ...base, rtmpPort: 70000 })).toThrow(/port/)
    expect(() => nginxConf({ ...base, rtmpBind: '1.2.3.4; x' })).toThrow(/bind/)
    expect(() => nginxConf({ ...base, hookBase: 'http://x/a b' })).toThrow(/hook URL/)
    // a dir with spaces is quoted, not refused
    expect(nginxConf({ ...base, dir: '/my files/live' })).toContain('hls_path "/my files/live/hls";')
  })
  it('hooks reach the address the server listens on', () => {
    expect(hookBaseOf({ address: '0.0.0.0', family: 'IPv4', port: 8080 }, '/api')).toBe(
      'http://127.0.0.1:8080/api/live/hooks',
    )
    expect(hookBaseOf({ address: '::', family: 'IPv6', port: 81 }, '/api')).toBe('http://127.0.0.1:81/api/live/hooks')
    expect(hookBaseOf({ address: '::1', family: 'IPv6', port: 81 }, '/x')).toBe('http://[::1]:81/x/live/hooks')
    expect(hookBaseOf({ address: '10.0.0.2', family: 'IPv4', port: 9 }, '/api')).toBe(
      'http://10.0.0.2:9/api/live/hooks',
    )
    expect(hookBaseOf('/tmp/sock', '/api')).toBeNull()
  })
})

describe('signs', () => {
  const now = 1_700_000_000_000
  const exp = now / 1000 + 3600
  it('publish sign: good until its expiry, bound to the stream key, the class and the expiry', () => {
    const sign = mintPublishSign(S, 'abc', 7, exp)
    expect(sign).toMatch(/^[0-9a-f]{32}$/)
    const check = (key: unknown, session: unknown, e: unknown, sg: unknown, at = now) =>
      checkPublishSign(S, key, session, e, sg, at)
    expect(check('abc', '7', String(exp), sign)).toEqual({ sessionId: 7, refused: null })
    expect(check('abd', '7', String(exp), sign).refused).toBe('bad sign')
    // another class of the same room: the key names its class
    expect(check('abc', '8', String(exp), sign).refused).toBe('bad sign')
    expect(check('abc', '7', String(exp + 1), sign).refused).toBe('bad sign')
    expect(checkPublishSign('other', 'abc', '7', String(exp), sign, now).refused).toBe('bad sign')
    // expired: refused, but the class is known (its MAC is good)
    expect(check('abc', '7', String(exp), sign, (exp + 1) * 1000)).toEqual({ sessionId: 7, refused: 'expired sign' })
    expect(check('abc', '7', undefined, sign).refused).toBe('missing sign')
    expect(check('abc', '7', String(exp), '').refused).toBe('missing sign')
    // a push address from before keys named their class
    expect(check('abc', undefined, String(exp), sign).refused).toBe('no class in the push address')
    expect(check('../x', '7', String(exp), sign).refused).toBe('bad stream key')
    expect(check('abc', '7', '1e9', sign).refused).toBe('bad sign')
    expect(check('abc', '07', String(exp), sign).refused).toBe('bad sign')
  })
  it('viewer id: Polyv-safe characters, bound to tenant, user and channel, expires', () => {
    const id = mintViewerId(S, { tenantId: 1001, userId: 42, channelId: 7 }, now)
    expect(id).toMatch(/^[A-Za-z0-9_]{1,64}$/)
    expect(readViewerId(S, id, now)).toEqual({ tenantId: 1001, userId: 42, channelId: 7, exp: now / 1000 + 600 })
    expect(readViewerId(S, id.replace('_42_', '_43_'), now)).toBeNull()
    expect(readViewerId('other', id, now)).toBeNull()
    expect(readViewerId(S, id, now + 601_000)).toBeNull()
    expect(readViewerId(S, 42, now)).toBeNull()
  })
})

describe('recordings', () => {
  it('names, playlist length, ffmpeg arguments', () => {
    expect(parseRecordName('/d/rec/vtA1-1795489768.flv')).toEqual({
      streamKey: 'vtA1',
      startedAt: new Date(1795489768 * 1000),
    })
    expect(parseRecordName('/d/rec/a-b-1795489768.flv')?.streamKey).toBe('a-b')
    expect(parseRecordName('/d/rec/x.flv')).toBeNull()
    expect(parseRecordName('/d/rec/x-123.mp4')).toBeNull()
    expect(playlistSeconds('#EXTM3U\n#EXTINF:4.000,\na.ts\n#EXTINF:2.5,\nb.ts\n#EXT-X-ENDLIST')).toBe(6.5)
    const args = vodArgs('/r/source.flv', '/v/1/2')
    expect(args.join(' ')).toContain('-c copy -f hls')
    expect(args.join(' ')).toContain('-hls_playlist_type vod')
    expect(args.at(-1)).toBe('/v/1/2/index.m3u8')
  })
})

describe('local provider URLs', () => {
  const config = defaultConfig({ secret: S, live: { ...defaultConfig().live, rtmpPort: 1936, publicHost: '' } })
  const p = new LocalLiveProvider(config)
  const ref = {
    tenantId: 1001,
    channelId: 3,
    sessionId: 12,
    streamKey: 'key1',
    provider: 'local' as const,
    providerChannelId: '',
  }
  it('play and playback URLs carry a media token for the stream or recording', () => {
    const url = p.playUrl(ref, 9)
    const [, , , , token, stream, file] = url.split('/')
    expect([stream, file]).toEqual(['key1', 'index.m3u8'])
    expect(readMediaToken(S, token)).toMatchObject({ tenantId: 1001, userId: 9, target: 'hls:key1' })
    const vod = p.playbackUrl({ tenantId: 1001, recordingId: 5, path: 'vod/1/5/index.m3u8' }, 9)
    expect(readMediaToken(S, vod.split('/')[4])).toMatchObject({ target: 'vod:5' })
    expect(vod.endsWith('/5/index.m3u8')).toBe(true)
  })
  it('push address: public host, else the console host, else loopback; the key carries its class, e and sign', async () => {
    const at = 1_700_000_000_000
    const a = await p.pushInfo(ref, 'school.example.com:8443', at)
    expect(a.server).toBe('rtmp://school.example.com:1936/live')
    const [key, qs] = a.streamKey.split('?')
    const q = new URLSearchParams(qs)
    expect(key).toBe('key1')
    expect(q.get('session')).toBe('12')
    expect(checkPublishSign(S, 'key1', q.get('session'), q.get('e'), q.get('sign'), at)).toEqual({
      sessionId: 12,
      refused: null,
    })
    expect(a.expiresAt).toBe(Number(q.get('e')))
    expect(a.url).toBe(`${a.server}/${a.streamKey}`)
    expect((await p.pushInfo(ref, undefined, at)).server).toBe('rtmp://127.0.0.1:1936/live')
    const pub = new LocalLiveProvider(
      defaultConfig({ secret: S, live: { ...config.live, publicHost: 'live.example.com' } }),
    )
    expect((await pub.pushInfo(ref, 'ignored.example.com')).server).toBe('rtmp://live.example.com:1936/live')
    const pubPort = new LocalLiveProvider(
      defaultConfig({ secret: S, live: { ...config.live, publicHost: 'live.example.com:2935' } }),
    )
    expect((await pubPort.pushInfo(ref)).server).toBe('rtmp://live.example.com:2935/live')
  })
  it('video off: status says so and nothing starts', async () => {
    expect(p.status()).toEqual({ available: false, reason: 'live video is off on this server (LIVE_VIDEO=off)' })
    await p.start(new LiveEvents())
    expect(await p.ready()).toMatchObject({ available: false })
    await p.stop()
  })
})

// ---- Polyv ----

/** Response shapes as Polyv's API documentation shows them (trimmed). */
const POLYV = {
  account: {
    code: 200,
    status: 'success',
    message: '',
    data: { userId: 'edvf2fdaf1', email: 'a@b.c', maxChannels: 10 },
  },
  channel: {
    code: 200,
    status: 'success',
    message: '',
    data: {
      channelId: 2049000,
      userId: 'edvf2fdaf1',
      name: '安全生产直播',
      url: 'rtmp://push-c1.videocc.net/recordf/edvf2fdaf120240101?auth_key=1893456000-0-0-8f14e45fceea167a5a36dedd4bea2543',
      stream: 'edvf2fdaf120240101',
      m3u8Url: 'http://hls.videocc.net/recordf/edvf2fdaf120240101.m3u8',
      currentTimeMillis: 1_700_000_000_000,
    },
  },
  playbacks: {
    code: 200,
    status: 'success',
    message: '',
    data: {
      pageNumber: 1,
      pageSize: 500,
      totalItems: 2,
      contents: [
        {
          videoId: 'e07738ddd6a1b2c3d4e5f6a7b8c9d0e1_e',
          videoPoolId: 'e07738ddd6a1b2c3d4e5f6a7b8c9d0e1',
          channelId: '2049000',
          title: '第1次直播',
          duration: '01:02:03',
          url: 'https://hls.videocc.net/e07738ddd6/1/e07738ddd6a1b2c3d4e5f6a7b8c9d0e1_1.m3u8',
          channelSessionId: 'fv3f2ihfbq',
          startTime: '20240101193000',
        },
        { videoId: '', title: 'broken row' },
      ],
    },
  },
  badSign: { code: 403, status: 'error', message: 'invalid signature.', data: '' },
}

function fakeFetch(routes: Record<string, unknown>) {
  const calls: { url: string; method: string; body?: string }[] = []
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, ...(init.body ? { body: init.body } : {}) })
    const u = new URL(url)
    const hit = Object.entries(routes).find(([p]) => u.pathname.endsWith(p))
    const body = hit ? hit[1] : { code: 404, status: 'error', message: 'not found', data: '' }
    return { ok: true, status: 200, text: async () => JSON.stringify(body) }
  }
  return { fetch, calls }
}

describe('polyv', () => {
  const creds = { appId: 'app1', userId: 'edvf2fdaf1', appSecret: 'SECRET' }
  it('signs MD5(secret + sorted name/value pairs + secret), upper case', () => {
    const params = { timestamp: 1700000000000, channelId: 42, appId: 'app1' }
    const expected = createHash('md5')
      .update('SECRETappIdapp1channelId42timestamp1700000000000SECRET')
      .digest('hex')
      .toUpperCase()
    expect(polyvSign(params, 'SECRET')).toBe(expected)
    expect(polyvSign({ ...params, sign: 'X', skipped: undefined }, 'SECRET')).toBe(expected)
  })
  it('every call carries appId, timestamp and the sign; the secret never leaves', async () => {
    const { fetch, calls } = fakeFetch({ '/v3/user/get-info': POLYV.account })
    const c = new PolyvClient(creds, { fetch, now: () => 1_700_000_000_000 })
    expect(await c.account()).toEqual({ userId: 'edvf2fdaf1' })
    const u = new URL(calls[0]!.url)
    expect(u.origin + u.pathname).toBe('https://api.polyv.net/live/v3/user/get-info')
    expect(u.searchParams.get('appId')).toBe('app1')
    expect(u.searchParams.get('timestamp')).toBe('1700000000000')
    expect(u.searchParams.get('sign')).toBe(polyvSign({ appId: 'app1', timestamp: 1_700_000_000_000 }, 'SECRET'))
    expect(calls[0]!.url).not.toContain('SECRET')
  })
  it('their errors become PolyvError with their message', async () => {
    const { fetch } = fakeFetch({ '/v3/user/get-info': POLYV.badSign })
    await expect(new PolyvClient(creds, { fetch }).account()).rejects.toThrow(/invalid signature/)
    const notJson: FetchLike = async () => ({ ok: false, status: 502, text: async () => '<html>' })
    await expect(new PolyvClient(creds, { fetch: notJson }).account()).rejects.toThrow(/not JSON/)
  })
  it('parses durations, times and push URLs', () => {
    expect(polyvDuration('01:02:03')).toBe(3723)
    expect(polyvDuration(95)).toBe(95)
    expect(polyvTime('20240101193000')?.toISOString()).toBe('2024-01-01T11:30:00.000Z')
    expect(polyvTime('bad')).toBeNull()
    expect(splitPushUrl(POLYV.channel.data.url)).toEqual({
      server: 'rtmp://push-c1.videocc.net/recordf',
      streamKey: 'edvf2fdaf120240101?auth_key=1893456000-0-0-8f14e45fceea167a5a36dedd4bea2543',
      url: POLYV.channel.data.url,
      expiresAt: 1893456000,
    })
  })
  it('provider: status after the account check, push info from their channel, playback URLs from their list', async () => {
    const { fetch, calls } = fakeFetch({
      '/v3/user/get-info': POLYV.account,
      '/v2/channels/2049000/get': POLYV.channel,
      '/v2/channel/recordFile/2049000/playback/list': POLYV.playbacks,
    })
    const config = defaultConfig({
      live: { ...defaultConfig().live, provider: 'polyv', videoEnabled: true, polyv: creds },
    })
    const p = new PolyvLiveProvider(config, { fetch })
    expect(p.status().available).toBe(false)
    await p.start(new LiveEvents())
    expect(await p.ready()).toEqual({ available: true, reason: '' })
    const ref = { tenantId: 1, channelId: 1, streamKey: 'k', provider: 'polyv' as const, providerChannelId: '2049000' }
    expect(p.playUrl(ref, 1)).toBe('')
    expect((await p.pushInfo(ref)).server).toBe('rtmp://push-c1.videocc.net/recordf')
    const rec = { tenantId: 1, recordingId: 3, path: 'e07738ddd6a1b2c3d4e5f6a7b8c9d0e1_e' }
    expect(p.playbackUrl(rec, 1)).toBe('')
    const list = await p.playbacks(ref)
    expect(list).toEqual([
      {
        videoId: 'e07738ddd6a1b2c3d4e5f6a7b8c9d0e1_e',
        title: '第1次直播',
        url: POLYV.playbacks.data.contents[0]!.url,
        durationSeconds: 3723,
        sessionId: 'fv3f2ihfbq',
        startedAt: new Date('2024-01-01T11:30:00.000Z'),
      },
    ])
    expect(p.playbackUrl(rec, 1)).toBe(POLYV.playbacks.data.contents[0]!.url)
    const listCall = new URL(calls.at(-1)!.url)
    expect(listCall.searchParams.get('page')).toBe('1')
    expect(listCall.searchParams.get('pageSize')).toBe('500')
  })
  it('provider: a failed account check or missing credentials say why; createLiveProvider picks by config', async () => {
    const { fetch } = fakeFetch({ '/v3/user/get-info': POLYV.badSign })
    const config = defaultConfig({
      live: { ...defaultConfig().live, provider: 'polyv', videoEnabled: true, polyv: creds },
    })
    const p = new PolyvLiveProvider(config, { fetch })
    await p.start(new LiveEvents())
    expect((await p.ready()).reason).toMatch(/polyv API check failed: .*invalid signature/)
    const none = new PolyvLiveProvider(defaultConfig({ live: { ...defaultConfig().live, provider: 'polyv' } }))
    expect(none.status().reason).toMatch(/not configured/)
    await expect(
      none.pushInfo({ tenantId: 1, channelId: 1, streamKey: 'k', provider: 'polyv', providerChannelId: '1' }),
    ).rejects.toThrow()
    expect(createLiveProvider(config)).toBeInstanceOf(PolyvLiveProvider)
    expect(createLiveProvider(defaultConfig())).toBeInstanceOf(LocalLiveProvider)
  })
})

// ---- which session a publish makes live ----

describe('session state changes', () => {
  let database: Database
  const events: SessionStateEvent[] = []
  const bus = new LiveEvents()
  bus.on('state', (e) => events.push(e))
  const T = 1001
  let seq = 0
  const channel = async (name = '测试直播间') => {
    const [row] = await database.db
      .insert(liveChannel)
      .values({ tenantId: T, name, streamKey: `unit${Date.now().toString(36)}${seq++}`, playbackEnabled: true })
      .returning({ id: liveChannel.id })
    return { tenantId: T, channelId: row!.id }
  }
  const session = async (key: { channelId: number }, startAt: Date, state = 'waiting') => {
    const [row] = await database.db
      .insert(liveSession)
      .values({
        tenantId: T,
        channelId: key.channelId,
        title: 's',
        startAt,
        endAt: new Date(startAt.getTime() + 3600_000),
        state,
      })
      .returning()
    return row!
  }
  const stateOf = async (id: number) => (await database.db.select().from(liveSession).where(eq(liveSession.id, id)))[0]!

  beforeAll(async () => {
    database = await freshPglite()
  }, 60_000)
  afterAll(async () => {
    await database?.close()
  })

  it('a key starts its own class: early by a day, never another one; events tell the chat', async () => {
    const key = await channel()
    const now = new Date('2030-05-01T02:00:00Z')
    const near = await session(key, new Date(now.getTime() - 20 * 60_000))
    const tomorrow = await session(key, new Date(now.getTime() + 24 * 3600_000))
    const out = await goLive(database.db, bus, key, tomorrow.id, now)
    expect(out).toMatchObject({ how: 'started', session: { id: tomorrow.id, state: 'live', startedAt: now } })
    expect((await stateOf(near.id)).state).toBe('waiting')
    expect(events.at(-1)).toEqual({ ...key, sessionId: tomorrow.id, state: 'live', hasPlayback: false })
    const rows = await database.db.select().from(liveSession).where(eq(liveSession.channelId, key.channelId))
    expect(rows).toHaveLength(2) // nothing new, untitled or otherwise
    // a second publish while live changes nothing and tells nothing
    const n = events.length
    expect((await goLive(database.db, bus, key, tomorrow.id, now))?.how).toBe('already-live')
    expect(events.length).toBe(n)
    // another class's key while this one is live: refused, naming the live one
    expect(await goLive(database.db, bus, key, near.id, now)).toEqual({
      refused: 'another class is live',
      other: { sessionId: tomorrow.id, title: 's' },
    })
    expect(events.length).toBe(n)
    // the stream of a refused key ends nothing; the class's own stream ends it
    expect(await endLive(database.db, bus, key, { recordingFollows: true, sessionId: near.id })).toBeNull()
    const later = new Date(now.getTime() + 3600_000)
    const ended = await endLive(database.db, bus, key, { recordingFollows: true, sessionId: tomorrow.id }, later)
    expect(ended).toMatchObject({ id: tomorrow.id, state: 'ended' })
    expect(events.at(-1)).toEqual({ ...key, sessionId: tomorrow.id, state: 'ended', hasPlayback: true })
    // nothing live: nothing to end
    expect(await endLive(database.db, bus, key, { recordingFollows: true })).toBeNull()
  })

  it('a key of an ended class, of a class whose time has passed, of another room or of no class is refused', async () => {
    const key = await channel()
    const now = new Date('2030-05-08T02:00:00Z')
    const past = await session(key, new Date(now.getTime() - 3 * 3600_000)) // waiting, its end has passed
    const ended = await session(key, new Date(now.getTime() - 86400_000), 'ended')
    const elsewhere = await session(await channel(), now)
    const n = events.length
    for (const id of [past.id, ended.id])
      expect(await goLive(database.db, bus, key, id, now)).toEqual({ refused: 'class ended' })
    expect(await goLive(database.db, bus, key, elsewhere.id, now)).toEqual({ refused: 'no such class' })
    expect(await goLive(database.db, bus, key, 2_000_000_000, now)).toEqual({ refused: 'no such class' })
    expect(events.length).toBe(n)
  })

  it('a stream back within 10 minutes resumes the class it ended; later its key is refused', async () => {
    const key = await channel()
    const now = new Date('2030-06-01T02:00:00Z')
    const s = await session(key, now)
    await goLive(database.db, bus, key, s.id, now)
    await endLive(database.db, bus, key, { recordingFollows: true }, new Date(now.getTime() + 60_000))
    const back = await goLive(database.db, bus, key, s.id, new Date(now.getTime() + 60_000 + RESUME_WINDOW_MS - 1000))
    expect(back).toMatchObject({ how: 'resumed', session: { id: s.id, state: 'live', endedAt: null, startedAt: now } })
    const t2 = new Date(now.getTime() + 2 * RESUME_WINDOW_MS)
    await endLive(database.db, bus, key, { recordingFollows: true }, t2)
    const much = await goLive(database.db, bus, key, s.id, new Date(t2.getTime() + RESUME_WINDOW_MS + 1000))
    expect(much).toEqual({ refused: 'class ended' })
  })

  it('unknown or other-tenant channel: nothing happens', async () => {
    const key = await channel()
    const s = await session(key, new Date())
    expect(await goLive(database.db, bus, { tenantId: 1002, channelId: key.channelId }, s.id)).toBeNull()
    expect(await goLive(database.db, bus, { tenantId: T, channelId: 2_000_000_000 }, s.id)).toBeNull()
    expect((await stateOf(s.id)).state).toBe('waiting')
  })

  it('teacher start/end of a given session: one live session per channel', async () => {
    const key = await channel()
    const now = new Date('2030-07-01T02:00:00Z')
    const a = await session(key, now)
    const b = await session(key, new Date(now.getTime() + 86400_000))
    expect(await setSessionState(database.db, bus, { tenantId: T, sessionId: a.id }, 'live', {}, now)).toMatchObject({
      state: 'live',
      startedAt: now,
    })
    await setSessionState(database.db, bus, { tenantId: T, sessionId: b.id }, 'live', {}, now)
    expect((await stateOf(a.id)).state).toBe('ended')
    expect((await stateOf(b.id)).state).toBe('live')
    expect(events.slice(-2)).toEqual([
      { ...key, sessionId: a.id, state: 'ended', hasPlayback: false },
      { ...key, sessionId: b.id, state: 'live', hasPlayback: false },
    ])
    await setSessionState(database.db, bus, { tenantId: T, sessionId: b.id }, 'ended', { hasPlayback: true }, now)
    expect(events.at(-1)).toEqual({ ...key, sessionId: b.id, state: 'ended', hasPlayback: true })
    expect(await setSessionState(database.db, bus, { tenantId: 1002, sessionId: b.id }, 'live')).toBeNull()
  })
})
