/**
 * The live video's HTTP side, outside the contract table (docs/DECISIONS.md "Live — video"):
 * - `GET <apiBase>/live/hls/<token>/<stream>/<file>`: a live stream's HLS playlist and fragments (local provider);
 * - `GET <apiBase>/live/vod/<token>/<recordingId>/<file>`: a ready recording's VOD playlist and segments
 *   (paths `media/...` from config.mediaDir: the seed's committed demo; others from config.live.dir);
 *   both need a media token (../token.ts) bound to the stream or recording, and the token's learner must still
 *   be allowed into the stream's (recording's) channel (../access.ts: asked again at most every 30 s per learner and
 *   channel, so a refund ends the video); they serve only `.m3u8`/`.ts` files of that one folder, and are not
 *   rate-limited (a player asks every 2 s; the token and the access check are the guard);
 * - `POST <apiBase>/live/hooks/:event`: nginx-rtmp's on_publish / on_publish_done / on_record_done, answered only
 *   to this machine with the hook key;
 * - `GET <apiBase>/live/verify`: the verify URL of the provider-info call (Polyv's external authorization); the
 *   viewer must still be allowed into the channel.
 * Also starts the local provider's nginx once the server listens (the hooks need the API port).
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppConfig } from '../../../config'
import type { Db } from '../../../db'
import { liveChannel, liveRecording, sysUser } from '../../../db/schema'
import { envelope, type Services } from '../../../http/core'
import type { LiveAccess } from '../access'
import { chatNick, chatPic } from '../chat/data'
import { endLive, goLive } from '../sessions'
import { readMediaToken } from '../token'
import { LocalLiveProvider } from './local'
import { livePaths } from './nginx-conf'
import { checkHookKey, checkPublishSign, readViewerId, STREAM_KEY_RE } from './signs'

const MEDIA_FILE_RE = /^[A-Za-z0-9_-]{1,64}\.(m3u8|ts)$/
const TYPES = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' } as const
/** Polyv's timestamps are valid 3 minutes */
const VERIFY_TS_WINDOW_MS = 3 * 60 * 1000
/** a ready recording's folder and channel, a stream's channel: cached (a player asks every few seconds) */
const VOD_CACHE_MS = 60_000
const VOD_CACHE_MAX = 5000
const STREAM_CACHE_MS = 60_000
/** the media of a learner whose access to the room ended (refund, revoked or expired grant, withdrawn mock) */
const ACCESS_ENDED = 'your access to this class has ended'

export interface LiveRoutesOptions {
  db: Db
  config: AppConfig
  live: Services['live']
  /** who may still watch (./access.ts), shared with the chat server */
  access: LiveAccess
}

const loopback = (a: string | undefined) => !!a && (a === '::1' || a.startsWith('127.') || a.startsWith('::ffff:127.'))

/** A connection from this machine (not req.ip: behind TRUST_PROXY that is the forwarded client). */
const fromThisMachine = (req: FastifyRequest) => {
  const { remoteAddress, localAddress } = req.socket
  return loopback(remoteAddress) || (!!remoteAddress && remoteAddress === localAddress)
}

/** Where nginx reaches the hooks: the address the server listens on (any-address = loopback). */
export function hookBaseOf(address: AddressInfo | string | null, apiBase: string): string | null {
  if (!address || typeof address === 'string') return null
  const a = address.address
  const host = a === '0.0.0.0' || a === '::' ? '127.0.0.1' : a.includes(':') ? `[${a}]` : a
  return `http://${host}:${address.port}${apiBase}/live/hooks`
}

const providers = new WeakMap<FastifyInstance, Services['live']>()
/** The live services of a built app (main.ts logs the video status after listen). */
export const liveServicesOf = (app: FastifyInstance) => providers.get(app)
const accesses = new WeakMap<FastifyInstance, LiveAccess>()
/** The access check of a built app (tests count its reads). */
export const liveAccessOf = (app: FastifyInstance) => accesses.get(app)

/** `<token>/<name>/<file>` of a wildcard route ('' for a missing part; more parts make the file name invalid). */
function threeParts(req: FastifyRequest): [string, string, string] {
  const parts = String((req.params as { '*'?: unknown })['*'] ?? '').split('/')
  if (parts.length !== 3) return [parts[0] ?? '', parts[1] ?? '', '']
  return [parts[0]!, parts[1]!, parts[2]!]
}

const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p)

export async function registerLiveRoutes(app: FastifyInstance, o: LiveRoutesOptions): Promise<void> {
  const { db, config, live, access } = o
  providers.set(app, live)
  accesses.set(app, access)
  const provider = live.provider
  const liveDir = path.resolve(config.live.dir)
  const mediaDir = path.resolve(config.mediaDir)

  if (provider instanceof LocalLiveProvider) {
    app.addHook('onListen', async () => {
      const hookBase = hookBaseOf(app.server.address(), config.apiBase)
      if (!hookBase) {
        app.log.warn('live video unavailable: the server does not listen on a TCP port nginx can call back')
        return
      }
      // not awaited by listen(): nginx starts in the background; ready() / main.ts wait for it
      void provider.attach({ db, log: app.log, hookBase })
    })
  }

  interface Vod {
    dir: string
    channelId: number
    sessionId: number
  }
  const vodCache = new Map<string, { at: number; vod: Vod | null }>()
  const vodOf = async (tenantId: number, recordingId: number): Promise<Vod | null> => {
    const key = `${tenantId}:${recordingId}`
    const hit = vodCache.get(key)
    if (hit && Date.now() - hit.at < VOD_CACHE_MS) return hit.vod
    const [row] = await db
      .select({ path: liveRecording.path, channelId: liveRecording.channelId, sessionId: liveRecording.sessionId })
      .from(liveRecording)
      .where(
        and(eq(liveRecording.tenantId, tenantId), eq(liveRecording.id, recordingId), eq(liveRecording.status, 'ready')),
      )
    let vod: Vod | null = null
    if (row?.path) {
      const [root, rel] = row.path.startsWith('media/') ? [mediaDir, row.path.slice(6)] : [liveDir, row.path]
      const resolved = path.resolve(root, path.dirname(rel))
      if (resolved.startsWith(root + path.sep))
        vod = { dir: resolved, channelId: row.channelId, sessionId: row.sessionId }
    }
    if (vodCache.size >= VOD_CACHE_MAX) vodCache.clear()
    vodCache.set(key, { at: Date.now(), vod })
    return vod
  }

  /** The open channel of the token's tenant that streams under this key (stream keys are unique), or null. */
  const streamCache = new Map<string, { at: number; channelId: Promise<number | null> }>()
  const streamChannel = (tenantId: number, stream: string): Promise<number | null> => {
    const key = `${tenantId}:${stream}`
    const hit = streamCache.get(key)
    if (hit && Date.now() - hit.at < STREAM_CACHE_MS) return hit.channelId
    const channelId = db
      .select({ id: liveChannel.id })
      .from(liveChannel)
      .where(and(eq(liveChannel.tenantId, tenantId), eq(liveChannel.streamKey, stream), eq(liveChannel.status, 1)))
      .then(([row]) => row?.id ?? null)
    if (streamCache.size >= VOD_CACHE_MAX) streamCache.clear()
    streamCache.set(key, { at: Date.now(), channelId })
    channelId.catch(() => streamCache.delete(key))
    return channelId
  }

  const send = (reply: FastifyReply, code: number, msg: string) => reply.code(code).send(envelope(code, msg, null))

  const serve = (reply: FastifyReply, dir: string, file: string, cache: { playlist: string; segment: string }) => {
    if (!MEDIA_FILE_RE.test(file)) return send(reply, 404, 'media not found')
    if (!fs.statSync(path.join(dir, file), { throwIfNoEntry: false })?.isFile())
      return send(reply, 404, 'media not found')
    const ext = file.endsWith('.m3u8') ? 'm3u8' : 'ts'
    return reply
      .header('cache-control', ext === 'm3u8' ? cache.playlist : cache.segment)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .type(TYPES[ext])
      .sendFile(file, dir, { cacheControl: false })
  }

  await app.register(
    async (r) => {
      // reply.sendFile comes from @fastify/static: the app registers it when it serves the H5 build
      if (!r.hasReplyDecorator('sendFile')) await r.register(fastifyStatic, { root: mediaDir, serve: false })
      r.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 16 * 1024 },
        (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      )

      // wildcards, not :params: a media token is longer than the router's 100-character parameter limit
      r.get('/live/hls/*', { config: { rateLimit: false } }, async (req, reply) => {
        const [token, stream, file] = threeParts(req)
        const claims = readMediaToken(config.secret, token)
        if (!claims || !STREAM_KEY_RE.test(stream) || claims.target !== `hls:${stream}`)
          return send(reply, 403, 'invalid or expired media link')
        const channelId = await streamChannel(claims.tenantId, stream)
        if (channelId === null) return send(reply, 404, 'media not found')
        if (!(await access.may({ tenantId: claims.tenantId, userId: claims.userId, channelId })))
          return send(reply, 403, ACCESS_ENDED)
        return serve(reply, path.join(livePaths(liveDir).hls, stream), file, {
          playlist: 'no-cache, no-store',
          segment: 'private, max-age=600',
        })
      })

      r.get('/live/vod/*', { config: { rateLimit: false } }, async (req, reply) => {
        const [token, recordingId, file] = threeParts(req)
        const claims = readMediaToken(config.secret, token)
        if (!claims || !/^\d{1,10}$/.test(recordingId) || claims.target !== `vod:${recordingId}`)
          return send(reply, 403, 'invalid or expired media link')
        const vod = await vodOf(claims.tenantId, Number(recordingId))
        if (!vod) return send(reply, 404, 'media not found')
        const viewer = { tenantId: claims.tenantId, userId: claims.userId, channelId: vod.channelId }
        if (!(await access.may({ ...viewer, sessionId: vod.sessionId }))) return send(reply, 403, ACCESS_ENDED)
        return serve(reply, vod.dir, file, { playlist: 'private, max-age=300', segment: 'private, max-age=86400' })
      })

      r.post('/live/hooks/:event', { config: { rateLimit: false } }, async (req, reply) => {
        const { event } = req.params as { event: string }
        const k = (req.query as { k?: unknown }).k
        if (!fromThisMachine(req) || !checkHookKey(config.secret, k)) return send(reply, 403, 'forbidden')
        if (!(provider instanceof LocalLiveProvider) || !provider.liveEvents) return send(reply, 404, 'not found')
        const events = provider.liveEvents
        const body = (req.body ?? {}) as Record<string, unknown>
        const name = body.name
        // publish: the sign must be good now; later calls of the same stream: good, however old
        const sign = checkPublishSign(config.secret, name, body.session, body.e, body.sign)
        const refusedNow = sign.refused && !(sign.refused === 'expired sign' && event !== 'publish')
        const [channel] = await db
          .select({ tenantId: liveChannel.tenantId, id: liveChannel.id })
          .from(liveChannel)
          .where(
            and(eq(liveChannel.streamKey, String(name)), eq(liveChannel.provider, 'local'), eq(liveChannel.status, 1)),
          )
        /** the teacher reads why beside the class's push address (a sign whose MAC is good names its class) */
        const note = async (reason: string, other?: { sessionId: number; title: string }) => {
          if (channel && sign.sessionId !== null && event === 'publish')
            await live.notes?.note(channel.tenantId, sign.sessionId, {
              at: Date.now(),
              reason,
              ...(other ? { other } : {}),
            })
        }
        if (refusedNow) {
          req.log.info({ event, name: String(name).slice(0, 60), refused: sign.refused }, 'live: publish refused')
          await note(sign.refused!)
          return send(reply, 403, sign.refused!)
        }
        if (!channel || sign.sessionId === null) return send(reply, 404, 'unknown stream')
        const key = { tenantId: channel.tenantId, channelId: channel.id }
        if (event === 'publish') {
          const now = new Date()
          const out = await goLive(db, events, key, sign.sessionId, now)
          if (!out) return send(reply, 404, 'unknown stream')
          if (out.refused) {
            req.log.info({ ...key, sessionId: sign.sessionId, refused: out.refused }, 'live: publish refused')
            await note(out.refused, out.other)
            return send(reply, 403, out.refused)
          }
          await live.notes?.clear(channel.tenantId, sign.sessionId)
          provider.notePublished(String(name), now)
          req.log.info({ ...key, sessionId: out.session.id, how: out.how }, 'live: stream started')
          return reply.send(envelope(200, 'ok', null))
        }
        if (event === 'publish_done') {
          const s = await endLive(db, events, key, { recordingFollows: true, sessionId: sign.sessionId })
          req.log.info({ ...key, sessionId: s?.id ?? null }, 'live: stream ended')
          return reply.send(envelope(200, 'ok', null))
        }
        if (event === 'record_done') {
          if (typeof body.path !== 'string') return send(reply, 400, 'path: missing')
          const jobs = provider.recordings
          if (!jobs) return send(reply, 404, 'not found')
          const out = await jobs.recordDone(body.path, provider.takePublished(String(name)), sign.sessionId)
          return reply.send(envelope(200, 'ok', out))
        }
        return send(reply, 404, 'not found')
      })

      /**
       * Polyv's external authorization: their watch page calls this with the viewer id we minted (`userid`), their
       * timestamp `ts` (13 digits), their `token` and the channel; the answer says whether that viewer may watch
       * and under which name. The viewer id's MAC is the proof (only our server mints it, after the room's entry
       * check); status 0 with a reason otherwise.
       */
      r.get('/live/verify', async (req, reply) => {
        reply.header('cache-control', 'no-store')
        const q = req.query as Record<string, unknown>
        const no = (message: string) => reply.send({ status: 0, message })
        for (const f of ['userid', 'ts', 'token', 'channelId'])
          if (typeof q[f] !== 'string' || !q[f]) return no(`${f}: missing`)
        if (!/^\d{13}$/.test(q.ts as string)) return no('ts: 13-digit millisecond timestamp expected')
        if (Math.abs(Number(q.ts) - Date.now()) > VERIFY_TS_WINDOW_MS) return no('ts: expired')
        if (!/^[A-Za-z0-9_-]{1,128}$/.test(q.token as string)) return no('token: bad format')
        const viewer = readViewerId(config.secret, q.userid)
        if (!viewer) return no('userid: unknown or expired viewer')
        const [channel] = await db
          .select({ id: liveChannel.id, provider: liveChannel.provider, pcid: liveChannel.providerChannelId })
          .from(liveChannel)
          .where(
            and(
              eq(liveChannel.tenantId, viewer.tenantId),
              eq(liveChannel.id, viewer.channelId),
              eq(liveChannel.status, 1),
            ),
          )
        const named = channel && (q.channelId === channel.pcid || q.channelId === String(channel.id))
        if (!channel || !named) return no('channelId: not the viewer’s channel')
        if (!(await access.may({ tenantId: viewer.tenantId, userId: viewer.userId, channelId: channel.id })))
          return no('userid: the viewer may no longer watch this channel')
        const [user] = await db
          .select({ nickName: sysUser.nickName, telPhone: sysUser.telPhone, avatar: sysUser.avatar })
          .from(sysUser)
          .where(and(eq(sysUser.tenantId, viewer.tenantId), eq(sysUser.id, viewer.userId)))
        if (!user) return no('userid: unknown viewer')
        return reply.send({
          status: 1,
          userid: q.userid,
          // Polyv's player shows the viewer's name: the chat's escaped form, as in our own chat
          nickname: chatNick(user.nickName || maskPhone(user.telPhone)),
          avatar: chatPic(user.avatar),
        })
      })
    },
    { prefix: config.apiBase },
  )
}
