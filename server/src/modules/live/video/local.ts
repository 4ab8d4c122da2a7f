/**
 * The local live provider: Debian nginx + libnginx-mod-rtmp started by this server as a child process (RTMP in on
 * config.live.rtmpBind:rtmpPort, HLS fragments and FLV recordings in config.live.dir), the publish sign checked
 * by our hooks, HLS and VOD served by our media routes with media tokens (./routes.ts).
 *
 * nginx calls our server back, so it starts once the API port is known: `start(events)` (buildApp) only takes the
 * events; `attach()` (the server's onListen hook) writes nginx.conf and starts nginx. Nothing here throws: a missing
 * nginx, module or free port shows in status() with the reason, logged once. stop() ends nginx and any ffmpeg.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../../../config'
import type { Db } from '../../../db'
import { liveChannel, liveSession } from '../../../db/schema'
import type { LiveEvents } from '../events'
import { endLive } from '../sessions'
import { mintMediaToken } from '../token'
import { livePaths, nginxConf, RTMP_APP, RTMP_MODULE } from './nginx-conf'
import type { LiveChannelRef, LiveProvider, LiveRecordingRef, PushInfo } from './provider'
import { hookKey, mintPublishSign, PUBLISH_SIGN_TTL_S } from './signs'
import { RecordingJobs } from './vod'

const START_TIMEOUT_MS = 8000
const STOP_TIMEOUT_MS = 5000

/** An executable by name: PATH first, then the sbin dirs a non-root PATH leaves out. */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin']
  for (const d of dirs) {
    if (!d) continue
    const p = path.join(d, name)
    try {
      fs.accessSync(p, fs.constants.X_OK)
      if (fs.statSync(p).isFile()) return p
    } catch {}
  }
  return null
}

/** What is missing for live video on this machine, or null. */
export function missingTools(modulePath = RTMP_MODULE): string | null {
  if (!findExecutable('nginx'))
    return 'nginx is not installed (apt-get install nginx libnginx-mod-rtmp; npm start installs them as root)'
  if (!fs.existsSync(modulePath))
    return `the nginx RTMP module is not installed (no ${modulePath}: apt-get install libnginx-mod-rtmp)`
  return null
}

interface PasswdEntry {
  name: string
  uid: number
  gid: number
}

function passwdEntry(name: string): PasswdEntry | null {
  try {
    for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const f = line.split(':')
      if (f[0] === name && f.length >= 4) return { name, uid: Number(f[2]), gid: Number(f[3]) }
    }
  } catch {}
  return null
}

/** Whether a user (not root) can reach `dir`: every ancestor searchable by owner, group or others. */
function reachableBy(u: PasswdEntry, dir: string): boolean {
  let d = path.resolve(dir)
  for (;;) {
    const st = fs.statSync(d, { throwIfNoEntry: false })
    if (!st) return false
    const ok =
      st.uid === u.uid ? (st.mode & 0o100) !== 0 : st.gid === u.gid ? (st.mode & 0o010) !== 0 : (st.mode & 0o001) !== 0
    if (!ok) return false
    const up = path.dirname(d)
    if (up === d) return true
    d = up
  }
}

/**
 * The worker user when this server runs as root: an unprivileged one (www-data, else nobody) when it can reach the
 * data dir (the writable dirs are then given to it), else root itself. Not root: no `user` line (nginx runs as us).
 */
function workerUser(dir: string): PasswdEntry | null {
  if (process.getuid?.() !== 0) return null
  for (const name of ['www-data', 'nobody']) {
    const u = passwdEntry(name)
    if (u && reachableBy(u, dir)) return u
  }
  return { name: 'root', uid: 0, gid: 0 }
}

const portOpen = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect({ host, port })
    s.setTimeout(500)
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
    s.once('timeout', () => {
      s.destroy()
      resolve(false)
    })
  })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const tail = (file: string, lines = 3) => {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join(' | ')
  } catch {
    return ''
  }
}

/** A pid file's process when it is an nginx of this dir (a server that died without stopping it). */
function staleNginx(pidFile: string, conf: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim())
    if (!Number.isInteger(pid) || pid < 2) return null
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\u0000').join(' ')
    return cmd.includes('nginx') && cmd.includes(conf) ? pid : null
  } catch {
    return null
  }
}

const FOLLOW_DOWN =
  'live video runs in another server process on this machine (LIVE_VIDEO=follow), and its nginx is not running'
const FOLLOW_CHECK_MS = 2000

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

export interface AttachOptions {
  db: Db
  log: FastifyBaseLogger
  /** e.g. http://127.0.0.1:8080/api/live/hooks */
  hookBase: string
}

export class LocalLiveProvider implements LiveProvider {
  readonly name = 'local' as const
  private current: { available: boolean; reason: string }
  private events?: LiveEvents
  private child?: ChildProcess
  private stopping = false
  private attached?: Promise<void>
  private jobs?: RecordingJobs
  private readonly killOnExit = () => {
    if (this.child?.pid && this.child.exitCode === null) {
      try {
        process.kill(this.child.pid, 'SIGTERM')
      } catch {}
    }
  }
  /** when each stream's publish was accepted (a recording's time 0, to the millisecond) */
  private readonly publishedAt = new Map<string, Date>()

  constructor(
    private readonly config: AppConfig,
    private readonly tools: { modulePath?: string } = {},
  ) {
    this.current = config.live.videoEnabled
      ? { available: false, reason: 'live video is starting' }
      : config.live.follow
        ? { available: false, reason: FOLLOW_DOWN }
        : { available: false, reason: 'live video is off on this server (LIVE_VIDEO=off)' }
  }

  /** LIVE_VIDEO=follow: when the nginx of the shared LIVE_DIR was last looked at */
  private followCheckedAt = 0

  status() {
    if (this.config.live.follow && Date.now() - this.followCheckedAt > FOLLOW_CHECK_MS) {
      // another process of this machine runs nginx-rtmp for the shared dir (its pid file names it)
      this.followCheckedAt = Date.now()
      const p = livePaths(path.resolve(this.config.live.dir))
      this.current = staleNginx(p.pid, p.conf)
        ? { available: true, reason: '' }
        : { available: false, reason: FOLLOW_DOWN }
    }
    return { ...this.current }
  }

  playUrl(c: LiveChannelRef, userId: number): string {
    const token = mintMediaToken(this.config.secret, { tenantId: c.tenantId, userId, target: `hls:${c.streamKey}` })
    return `${this.config.apiBase}/live/hls/${token}/${c.streamKey}/index.m3u8`
  }

  playbackUrl(r: LiveRecordingRef, userId: number): string {
    const token = mintMediaToken(this.config.secret, { tenantId: r.tenantId, userId, target: `vod:${r.recordingId}` })
    return `${this.config.apiBase}/live/vod/${token}/${r.recordingId}/${path.posix.basename(r.path) || 'index.m3u8'}`
  }

  /**
   * The teacher's push address of one class: rtmp://<host>:<port>/live and the stream key with its publish sign
   * (naming the class). host: the
   * LIVE_PUBLIC_HOST setting (host[:port]), else the host the console was reached at, else the RTMP bind address.
   */
  async pushInfo(c: LiveChannelRef & { sessionId: number }, host?: string, now = Date.now()): Promise<PushInfo> {
    const { publicHost, rtmpPort, rtmpBind } = this.config.live
    const bare = (h: string) => (h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, ''))
    let where = publicHost
    if (!where) {
      const h = host ? bare(host) : ['0.0.0.0', '::'].includes(rtmpBind) ? '127.0.0.1' : rtmpBind
      where = `${h.includes(':') && !h.startsWith('[') ? `[${h}]` : h}:${rtmpPort}`
    } else if (!/:\d+$/.test(where) || where.endsWith(']')) where = `${where}:${rtmpPort}`
    const server = `rtmp://${where}/${RTMP_APP}`
    const expiresAt = Math.floor(now / 1000) + PUBLISH_SIGN_TTL_S
    const sign = mintPublishSign(this.config.secret, c.streamKey, c.sessionId, expiresAt)
    const streamKey = `${c.streamKey}?session=${c.sessionId}&e=${expiresAt}&sign=${sign}`
    return { server, streamKey, url: `${server}/${streamKey}`, expiresAt }
  }

  async start(events: LiveEvents): Promise<void> {
    this.events = events
  }

  /** The events given to start() (the hooks emit session changes through them). */
  get liveEvents(): LiveEvents | undefined {
    return this.events
  }

  get recordings(): RecordingJobs | undefined {
    return this.jobs
  }

  notePublished(streamKey: string, at: Date) {
    this.publishedAt.set(streamKey, at)
  }

  takePublished(streamKey: string): Date | undefined {
    const at = this.publishedAt.get(streamKey)
    this.publishedAt.delete(streamKey)
    return at
  }

  /** After listen: write nginx.conf and start nginx (once). Resolves when nginx runs or failed to. */
  attach(o: AttachOptions): Promise<void> {
    this.attached ??= this.launch(o).catch((err) => {
      this.fail(o.log, `nginx could not start: ${err instanceof Error ? err.message : String(err)}`)
    })
    return this.attached
  }

  /** Resolves once attach() finished (after 5 s when it is never called). */
  async ready(): Promise<{ available: boolean; reason: string }> {
    // the onListen hook calls attach() right after listen; other hooks may run first
    for (let i = 0; i < 50 && !this.attached && !this.stopping && this.config.live.videoEnabled; i++) await sleep(100)
    await this.attached
    return this.status()
  }

  private fail(log: FastifyBaseLogger, reason: string) {
    this.current = { available: false, reason }
    log.warn(`live video unavailable: ${reason}`)
  }

  private async launch(o: AttachOptions) {
    if (!this.config.live.videoEnabled) return
    const dir = path.resolve(this.config.live.dir)
    const p = livePaths(dir)
    const missing = missingTools(this.tools.modulePath)
    const ffmpeg = findExecutable('ffmpeg')
    this.jobs = new RecordingJobs({ db: o.db, dir, ffmpeg, log: o.log })
    if (missing) return this.fail(o.log, missing)
    if (!ffmpeg) o.log.warn('live: ffmpeg is not installed: recordings cannot become playback (apt-get install ffmpeg)')

    for (const d of [dir, p.logs, p.hls, p.rec, p.vod]) fs.mkdirSync(d, { recursive: true })
    const stale = staleNginx(p.pid, p.conf)
    if (stale) {
      o.log.warn({ pid: stale }, 'live: stopping an nginx a previous server left running')
      process.kill(stale, 'SIGTERM')
      for (let i = 0; i < 50 && alive(stale); i++) await sleep(100)
      if (alive(stale)) process.kill(stale, 'SIGKILL')
    }
    const user = workerUser(dir)
    // nginx's worker writes HLS and recordings: give it those dirs (and what an earlier run left in them)
    if (user && user.uid !== 0)
      for (const d of [p.hls, p.rec]) {
        fs.chownSync(d, user.uid, user.gid)
        for (const f of fs.readdirSync(d, { recursive: true }))
          fs.chownSync(path.join(d, String(f)), user.uid, user.gid)
      }
    fs.writeFileSync(
      p.conf,
      nginxConf({
        dir,
        rtmpBind: this.config.live.rtmpBind,
        rtmpPort: this.config.live.rtmpPort,
        hookBase: o.hookBase,
        hookKey: hookKey(this.config.secret),
        ...(user ? { user: user.name } : {}),
        ...(this.tools.modulePath ? { modulePath: this.tools.modulePath } : {}),
      }),
    )

    // the stream was cut while no server ran: its live sessions ended (an OBS reconnect resumes them)
    await this.endOrphanedLive(o.db)
    await this.jobs.recover()
    if (this.stopping) return

    const host = ['0.0.0.0', '::'].includes(this.config.live.rtmpBind) ? '127.0.0.1' : this.config.live.rtmpBind
    // nginx retries a taken port for seconds before it gives up: say so at once
    if (await portOpen(host, this.config.live.rtmpPort))
      return this.fail(
        o.log,
        `the RTMP port ${host}:${this.config.live.rtmpPort} is in use by another program (LIVE_RTMP_PORT)`,
      )
    if (this.stopping) return
    const nginx = findExecutable('nginx')!
    const child = spawn(nginx, ['-p', `${dir}/`, '-c', p.conf, '-e', p.errorLog, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    this.child = child
    let stderr = ''
    child.stderr?.on('data', (b: Buffer) => {
      if (stderr.length < 4000) stderr += b.toString()
    })
    let exited = false
    child.on('error', () => {})
    child.on('exit', (code, signal) => {
      exited = true
      process.off('exit', this.killOnExit)
      if (!this.stopping && this.current.available)
        this.fail(o.log, `nginx exited (${signal ?? `code ${code}`}): ${tail(p.errorLog) || stderr.trim()}`)
    })
    process.on('exit', this.killOnExit)

    const deadline = Date.now() + START_TIMEOUT_MS
    let open = false
    while (!exited && !this.stopping && Date.now() < deadline) {
      if (await portOpen(host, this.config.live.rtmpPort)) {
        await sleep(150) // a port someone else holds opens too, but then nginx exits on its bind error
        open = !exited
        break
      }
      await sleep(100)
    }
    if (this.stopping) return
    if (!open) {
      const why = stderr.trim().split('\n').slice(-2).join(' | ') || tail(p.errorLog)
      if (!exited) child.kill('SIGKILL')
      return this.fail(o.log, `nginx did not start on ${host}:${this.config.live.rtmpPort}: ${why || 'timed out'}`)
    }
    this.current = { available: true, reason: '' }
    o.log.info(
      `live video: nginx-rtmp on ${this.config.live.rtmpBind}:${this.config.live.rtmpPort} (pid ${child.pid}), data in ${dir}`,
    )
  }

  private async endOrphanedLive(db: Db) {
    const rows = await db
      .select({ tenantId: liveSession.tenantId, channelId: liveSession.channelId })
      .from(liveSession)
      .innerJoin(liveChannel, eq(liveChannel.id, liveSession.channelId))
      .where(and(eq(liveSession.state, 'live'), inArray(liveChannel.provider, ['local'])))
    for (const r of rows) {
      if (this.events) await endLive(db, this.events, r, { recordingFollows: true })
    }
  }

  async stop(): Promise<void> {
    this.stopping = true
    this.jobs?.stop()
    const child = this.child
    if (child && child.exitCode === null && child.signalCode === null) {
      const done = new Promise<void>((r) => child.once('exit', () => r()))
      child.kill('SIGTERM') // nginx: fast shutdown, workers included
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await done
      clearTimeout(timer)
    }
    process.off('exit', this.killOnExit)
    await this.attached?.catch(() => {})
    if (this.config.live.videoEnabled) this.current = { available: false, reason: 'live video is stopped' }
  }
}
