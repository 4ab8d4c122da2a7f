/**
 * Live video, local provider, end to end on this machine (docs/DECISIONS.md "Live — video"): the server starts
 * Debian nginx-rtmp once it listens; ffmpeg publishes a test stream with the teacher's signed push address of one
 * class; that class goes live (database + event), even a day ahead of its schedule, and no other one (issue 25); a
 * key of an ended class, of no class or while another class of the room is live is refused, the reason noted for
 * the console; the HLS playlist and fragments come through the media
 * route with a media token (403 with a bad one, 404 outside the stream's folder); a bad or expired sign is refused
 * and nothing goes live; the stream's end ends the session (CLASSEND with playback) and its recording becomes a
 * ready VOD playlist served the same way; the hooks answer nginx only; the verify URL; the committed demo VOD;
 * nginx is gone after close.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db'
import { liveChannel, liveRecording, liveSession, sysUser } from '../../server/src/db/schema'
import type { SessionStateEvent } from '../../server/src/modules/live/events'
import { mintMediaToken } from '../../server/src/modules/live/token'
import { LocalLiveProvider, liveVideoReady } from '../../server/src/modules/live/video'
import { livePaths } from '../../server/src/modules/live/video/nginx-conf'
import type { LiveChannelRef } from '../../server/src/modules/live/video/provider'
import { liveServicesOf } from '../../server/src/modules/live/video/routes'
import { hookKey, mintPublishSign, mintViewerId } from '../../server/src/modules/live/video/signs'
import { DEMO_VOD_PATH } from '../../server/src/seed/live-data'
import { freshPglite, SECRET } from './helpers'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** LIVE.md's test publisher: testsrc2 + sine, H.264/AAC in FLV, to an RTMP URL. */
function publish(url: string): ChildProcess & { exit: Promise<number | null> } {
  const child = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-c:a', 'aac', '-f', 'flv', url],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  )
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)))
  return Object.assign(child, { exit })
}

let database: Database
let app: FastifyInstance
let provider: LocalLiveProvider
let dir: string
let rtmpPort: number
let learnerId: number
const events: SessionStateEvent[] = []
const publishers: ChildProcess[] = []
let chA: LiveChannelRef
let chB: LiveChannelRef
let scheduledId: number
/** the class 30 minutes ahead (the nearest: the old channel-wide key would have started it) */
let nearId: number
const T = 1001

const get = (url: string, remoteAddress = '127.0.0.1') => app.inject({ method: 'GET', url, remoteAddress })

async function addChannel(name: string, streamKey: string): Promise<LiveChannelRef> {
  const [row] = await database.db
    .insert(liveChannel)
    .values({ tenantId: T, name, streamKey, provider: 'local' })
    .returning({ id: liveChannel.id })
  return { tenantId: T, channelId: row!.id, streamKey, provider: 'local', providerChannelId: '' }
}

beforeAll(async () => {
  database = await freshPglite()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-video-test-'))
  const base = defaultConfig()
  rtmpPort = await freePort()
  app = await buildApp({
    db: database.db,
    config: defaultConfig({
      secret: SECRET,
      rateLimit: { max: 1_000_000, loginMax: 1_000_000, smsMax: 1_000_000 },
      live: { ...base.live, videoEnabled: true, dir, rtmpPort, rtmpBind: '127.0.0.1' },
    }),
  })
  const live = liveServicesOf(app)!
  provider = live.provider as LocalLiveProvider
  live.events.on('state', (e) => events.push(e))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const [u] = await database.db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, T), eq(sysUser.telPhone, '13800000001')))
  learnerId = u!.id
  const suffix = Date.now().toString(36)
  chA = await addChannel('视频测试直播间', `vtA${suffix}`)
  chB = await addChannel('视频测试直播间 B', `vtB${suffix}`)
  const now = Date.now()
  const [near, tomorrow] = await database.db
    .insert(liveSession)
    .values([
      {
        tenantId: T,
        channelId: chA.channelId,
        title: '第1次直播',
        startAt: new Date(now + 30 * 60_000),
        endAt: new Date(now + 150 * 60_000),
      },
      // the key copied from this class's page (tomorrow) starts this class, early, and no other
      {
        tenantId: T,
        channelId: chA.channelId,
        title: '第2次直播',
        startAt: new Date(now + 24 * 3600_000),
        endAt: new Date(now + 26 * 3600_000),
      },
    ])
    .returning({ id: liveSession.id })
  nearId = near!.id
  scheduledId = tomorrow!.id
}, 60_000)

afterAll(async () => {
  for (const p of publishers) if (p.exitCode === null) p.kill('SIGKILL')
  const pidFile = dir ? livePaths(dir).pid : ''
  const pid = pidFile && fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : 0
  await app?.close()
  await database?.close()
  if (pid) {
    // nginx is gone with the server
    await until(
      'nginx to exit',
      async () => {
        try {
          process.kill(pid, 0)
          return false
        } catch {
          return true
        }
      },
      5000,
    )
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

describe('local live video (nginx-rtmp + ffmpeg)', () => {
  it('starts nginx once the server listens, with the config it wrote', async () => {
    const status = await liveVideoReady(provider)
    expect(status).toEqual({ available: true, reason: '' })
    const conf = fs.readFileSync(livePaths(dir).conf, 'utf8')
    expect(conf).toContain(`listen 127.0.0.1:${rtmpPort};`)
    const { port } = app.server.address() as net.AddressInfo
    expect(conf).toContain(`on_publish http://127.0.0.1:${port}/api/live/hooks/publish?k=`)
    expect(conf).toContain(`?k=${hookKey(SECRET)}`)
  })

  it('a taken RTMP port or a missing module: unavailable with the reason, never a throw', async () => {
    const live = liveServicesOf(app)!
    const base = defaultConfig()
    const other = (extra: Partial<typeof base.live>, tools = {}) =>
      new LocalLiveProvider(
        defaultConfig({
          secret: SECRET,
          live: { ...base.live, videoEnabled: true, dir: path.join(dir, 'other'), rtmpPort, ...extra },
        }),
        tools,
      )
    const attach = { db: database.db, log: app.log, hookBase: 'http://127.0.0.1:9/api/live/hooks' }
    const taken = other({})
    await taken.start(live.events)
    await taken.attach(attach)
    expect(taken.status()).toEqual({
      available: false,
      reason: `the RTMP port 127.0.0.1:${rtmpPort} is in use by another program (LIVE_RTMP_PORT)`,
    })
    await taken.stop()
    const noModule = other({ rtmpPort: await freePort() }, { modulePath: '/nonexistent/ngx_rtmp_module.so' })
    await noModule.start(live.events)
    await noModule.attach(attach)
    expect(noModule.status().reason).toMatch(/RTMP module is not installed .*libnginx-mod-rtmp/)
    await noModule.stop()
    // the running one is untouched
    expect(provider.status().available).toBe(true)
  })

  it('a bad or expired sign, a key of no class or of an ended class is refused: nothing goes live', async () => {
    const now = Date.now()
    const [ended] = await database.db
      .insert(liveSession)
      .values({
        tenantId: T,
        channelId: chB.channelId,
        title: '上周的课',
        startAt: new Date(now - 7 * 86400_000),
        endAt: new Date(now - 7 * 86400_000 + 3600_000),
        state: 'ended',
        startedAt: new Date(now - 7 * 86400_000),
        endedAt: new Date(now - 7 * 86400_000 + 3600_000),
      })
      .returning({ id: liveSession.id })
    const info = await provider.pushInfo({ ...chB, sessionId: ended!.id })
    const bad = publish(`${info.url.replace(/sign=[0-9a-f]+/, `sign=${'0'.repeat(32)}`)}`)
    publishers.push(bad)
    expect(await bad.exit).not.toBe(0)
    const e = Math.floor(Date.now() / 1000) - 60
    const expiredSign = mintPublishSign(SECRET, chB.streamKey, ended!.id, e)
    const expired = publish(`${info.server}/${chB.streamKey}?session=${ended!.id}&e=${e}&sign=${expiredSign}`)
    publishers.push(expired)
    expect(await expired.exit).not.toBe(0)
    const unsigned = publish(`${info.server}/${chB.streamKey}`)
    publishers.push(unsigned)
    expect(await unsigned.exit).not.toBe(0)
    // an address from before keys named their class
    const old = publish(`${info.server}/${chB.streamKey}?e=${e + 7200}&sign=${'a'.repeat(32)}`)
    publishers.push(old)
    expect(await old.exit).not.toBe(0)
    // the ended class's own, good key
    const endedKey = publish(info.url)
    publishers.push(endedKey)
    expect(await endedKey.exit).not.toBe(0)
    const notes = liveServicesOf(app)!.notes!
    expect(await notes.last(T, ended!.id)).toMatchObject({ reason: 'class ended' })
    const rows = await database.db.select().from(liveSession).where(eq(liveSession.channelId, chB.channelId))
    expect(rows.map((r) => [r.id, r.state])).toEqual([[ended!.id, 'ended']])
    expect(events.filter((x) => x.channelId === chB.channelId)).toEqual([])
  }, 40_000)

  let publisher: ReturnType<typeof publish>
  it('the key of tomorrow’s class starts that class now: no other, no new one (database and event)', async () => {
    const info = await provider.pushInfo({ ...chA, sessionId: scheduledId }, 'example.com:8080')
    expect(info.server).toBe(`rtmp://example.com:${rtmpPort}/live`)
    expect(info.streamKey).toMatch(new RegExp(`^${chA.streamKey}\\?session=${scheduledId}&e=\\d+&sign=[0-9a-f]{32}$`))
    expect(info.expiresAt).toBeGreaterThan(Date.now() / 1000 + 23 * 3600)
    const local = await provider.pushInfo({ ...chA, sessionId: scheduledId })
    publisher = publish(local.url)
    publishers.push(publisher)
    const s = await until('the session to go live', async () => {
      const [row] = await database.db.select().from(liveSession).where(eq(liveSession.id, scheduledId))
      return row?.state === 'live' ? row : null
    })
    expect(s.startedAt).toBeInstanceOf(Date)
    expect(s.endedAt).toBeNull()
    const all = await database.db
      .select({ id: liveSession.id, state: liveSession.state })
      .from(liveSession)
      .where(and(eq(liveSession.channelId, chA.channelId)))
    expect(all.map((o) => [o.id, o.state]).sort()).toEqual([
      [nearId, 'waiting'],
      [scheduledId, 'live'],
    ])
    expect(events).toContainEqual({
      tenantId: T,
      channelId: chA.channelId,
      sessionId: scheduledId,
      state: 'live',
      hasPlayback: false,
    })
  }, 30_000)

  it('serves the live HLS playlist and fragments with a media token; 403 for a bad token, 404 outside the folder', async () => {
    const url = provider.playUrl(chA, learnerId)
    expect(url).toMatch(new RegExp(`^/api/live/hls/[^/]+/${chA.streamKey}/index\\.m3u8$`))
    const playlist = await until('the playlist', async () => {
      const r = await get(url)
      return r.statusCode === 200 && r.body.includes('.ts') ? r : null
    })
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl')
    expect(playlist.headers['cache-control']).toContain('no-cache')
    expect(playlist.body).toContain('#EXTM3U')
    const seg = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!
    const fragment = await get(url.replace('index.m3u8', seg))
    expect(fragment.statusCode).toBe(200)
    expect(fragment.headers['content-type']).toBe('video/mp2t')
    expect(fragment.rawPayload[0]).toBe(0x47) // MPEG-TS sync byte

    const token = url.split('/')[4]!
    // tampered, for another stream, for another stream's folder
    expect((await get(url.replace(token, `${token.slice(0, -2)}xx`))).statusCode).toBe(403)
    const other = mintMediaToken(SECRET, { tenantId: T, userId: learnerId, target: `hls:${chB.streamKey}` })
    expect((await get(url.replace(token, other))).statusCode).toBe(403)
    expect((await get(`/api/live/hls/${other}/${chA.streamKey}/index.m3u8`)).statusCode).toBe(403)
    // outside the stream's folder, or not a playlist/fragment
    expect((await get(url.replace('index.m3u8', '..%2F..%2Fnginx.conf'))).statusCode).toBe(404)
    expect((await get(url.replace('index.m3u8', '..%2F..%2F..%2Fetc%2Fpasswd'))).statusCode).toBe(404)
    expect((await get(url.replace('index.m3u8', 'nginx.conf'))).statusCode).toBe(404)
    expect((await get(url.replace('index.m3u8', 'missing.ts'))).statusCode).toBe(404)
  }, 30_000)

  it('while a class is live, another class’s key is refused (the reason noted for the console)', async () => {
    const e = Math.floor(Date.now() / 1000) + 3600
    const sign = mintPublishSign(SECRET, chA.streamKey, nearId, e)
    // what nginx's on_publish posts (the push URL's query in the form body)
    const r = await app.inject({
      method: 'POST',
      url: `/api/live/hooks/publish?k=${hookKey(SECRET)}`,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `call=publish&app=live&name=${chA.streamKey}&session=${nearId}&e=${e}&sign=${sign}`,
    })
    expect(r.statusCode).toBe(403)
    const [near] = await database.db.select().from(liveSession).where(eq(liveSession.id, nearId))
    expect(near!.state).toBe('waiting')
    const [live] = await database.db.select().from(liveSession).where(eq(liveSession.id, scheduledId))
    expect(live!.state).toBe('live')
    expect(await liveServicesOf(app)!.notes!.last(T, nearId)).toMatchObject({
      reason: 'another class is live',
      other: { sessionId: scheduledId, title: '第2次直播' },
    })
  })

  it('the hooks answer nginx only: another machine or a wrong key is refused and changes nothing', async () => {
    const body = `call=publish_done&name=${chA.streamKey}`
    const hook = (k: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: `/api/live/hooks/publish_done?k=${k}`,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      })
    expect((await hook(hookKey(SECRET), '10.1.2.3')).statusCode).toBe(403)
    expect((await hook('0'.repeat(32), '127.0.0.1')).statusCode).toBe(403)
    // right key and address but no sign of the stream
    expect((await hook(hookKey(SECRET), '127.0.0.1')).statusCode).toBe(403)
    const [row] = await database.db.select().from(liveSession).where(eq(liveSession.id, scheduledId))
    expect(row!.state).toBe('live')
  })

  it('the stream ends: the session ends with playback, the recording becomes a ready VOD served by token', async () => {
    publisher.stdin?.write('q') // ffmpeg ends the stream cleanly
    await publisher.exit
    const ended = await until('the session to end', async () => {
      const [row] = await database.db.select().from(liveSession).where(eq(liveSession.id, scheduledId))
      return row?.state === 'ended' ? row : null
    })
    expect(ended.endedAt!.getTime()).toBeGreaterThan(ended.startedAt!.getTime())
    expect(events).toContainEqual({
      tenantId: T,
      channelId: chA.channelId,
      sessionId: scheduledId,
      state: 'ended',
      hasPlayback: true,
    })
    const rec = await until('a ready recording', async () => {
      const [r] = await database.db.select().from(liveRecording).where(eq(liveRecording.sessionId, scheduledId))
      return r && r.status !== 'processing' ? r : null
    })
    expect(rec.status).toBe('ready')
    expect(rec.path).toBe(`vod/${scheduledId}/${rec.id}/index.m3u8`)
    expect(rec.durationSeconds).toBeGreaterThan(2)
    expect(Math.abs(rec.startedAt.getTime() - ended.startedAt!.getTime())).toBeLessThan(3000)
    // the FLV is gone from the record dir once converted
    expect(fs.readdirSync(livePaths(dir).rec).filter((f) => f.endsWith('.flv'))).toEqual([])

    const url = provider.playbackUrl({ tenantId: T, recordingId: rec.id, path: rec.path }, learnerId)
    const playlist = await get(url)
    expect(playlist.statusCode).toBe(200)
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl')
    expect(playlist.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
    expect(playlist.body).toContain('#EXT-X-ENDLIST')
    const seg = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!
    const segment = await get(url.replace('index.m3u8', seg))
    expect(segment.statusCode).toBe(200)
    expect(segment.headers['content-type']).toBe('video/mp2t')
    expect((await get(url.replace('index.m3u8', 'source.flv'))).statusCode).toBe(404)
    // another tenant's token for the same recording id finds nothing
    const foreign = mintMediaToken(SECRET, { tenantId: 1002, userId: 1, target: `vod:${rec.id}` })
    expect((await get(url.replace(url.split('/')[4]!, foreign))).statusCode).toBe(404)
  }, 40_000)

  it('a stream that comes back within minutes resumes the same session', async () => {
    const again = publish((await provider.pushInfo({ ...chA, sessionId: scheduledId })).url)
    publishers.push(again)
    await until('the session to be live again', async () => {
      const [row] = await database.db.select().from(liveSession).where(eq(liveSession.id, scheduledId))
      return row?.state === 'live' && row.endedAt === null
    })
    again.stdin?.write('q')
    await again.exit
    await until('the session to end again', async () => {
      const [row] = await database.db.select().from(liveSession).where(eq(liveSession.id, scheduledId))
      return row?.state === 'ended'
    })
    await until('two recordings of the session', async () => {
      const rows = await database.db.select().from(liveRecording).where(eq(liveRecording.sessionId, scheduledId))
      return rows.length === 2 && rows.every((r) => r.status === 'ready')
    })
  }, 40_000)

  it("serves the seed's demo recording (media/..., committed) to the learners of both tenants", async () => {
    const seeded = await database.db
      .select()
      .from(liveRecording)
      .where(and(eq(liveRecording.path, DEMO_VOD_PATH), eq(liveRecording.status, 'ready')))
    expect(seeded.map((r) => r.tenantId).sort()).toEqual([1001, 1002])
    for (const rec of seeded) {
      // each tenant's own demo learner (a media token names a learner of its tenant: server/src/modules/live/access.ts)
      const [viewer] = await database.db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(
          and(
            eq(sysUser.tenantId, rec.tenantId),
            eq(sysUser.telPhone, rec.tenantId === T ? '13800000001' : '13900000002'),
          ),
        )
      const url = provider.playbackUrl({ tenantId: rec.tenantId, recordingId: rec.id, path: rec.path }, viewer!.id)
      const playlist = await get(url)
      expect(playlist.statusCode).toBe(200)
      expect(playlist.body).toContain('#EXT-X-ENDLIST')
      const segments = playlist.body.split('\n').filter((l) => l.endsWith('.ts'))
      expect(segments.length).toBeGreaterThan(3)
      for (const f of segments) {
        const seg = await get(url.replace('index.m3u8', f))
        expect(seg.statusCode).toBe(200)
        expect(seg.rawPayload[0]).toBe(0x47)
      }
    }
  })

  it('verify URL: a viewer id minted for the learner and channel passes; others get status 0', async () => {
    const userid = mintViewerId(SECRET, { tenantId: T, userId: learnerId, channelId: chA.channelId })
    const q = (o: Record<string, string>) => get(`/api/live/verify?${new URLSearchParams(o)}`)
    const good = { userid, ts: String(Date.now()), token: 'abc123', channelId: String(chA.channelId) }
    const ok = await q(good)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ status: 1, userid })
    expect(typeof ok.json().nickname).toBe('string')
    expect(ok.json().nickname.length).toBeGreaterThan(0)
    expect((await q({ ...good, channelId: String(chB.channelId) })).json()).toMatchObject({ status: 0 })
    expect(
      (await q({ ...good, userid: `${userid.slice(0, -1)}${userid.endsWith('0') ? '1' : '0'}` })).json(),
    ).toMatchObject({ status: 0 })
    expect((await q({ ...good, ts: String(Date.now() - 10 * 60_000) })).json()).toMatchObject({ status: 0 })
    const { token: _t, ...noToken } = good
    expect((await q(noToken)).json()).toEqual({ status: 0, message: 'token: missing' })
  })
})
