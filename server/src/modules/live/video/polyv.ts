/**
 * The polyv live provider: the school's Polyv account plays, records and pushes; our server only calls their API,
 * every call signed here with the account's app secret, which never leaves the server (the app gets an app id and
 * our verify URL: ./routes.ts). Signing (Polyv's rule): sort the parameters by name, concatenate name+value,
 * wrap in the secret, MD5, upper case; every call carries appId and a 13-digit timestamp (valid 3 minutes).
 *
 * - playUrl: '' (their player plays by channel id, stream.providerChannelId);
 * - playbackUrl: the URL their playback list gives for the recording's video id (listed by `playbacks()`);
 * - pushInfo: the RTMP URL of their channel (`/v2/channels/{id}/get`).
 * docs/DECISIONS.md "Live — video".
 */
import { createHash } from 'node:crypto'
import type { AppConfig } from '../../../config'
import type { LiveEvents } from '../events'
import type { LiveChannelRef, LiveProvider, LiveRecordingRef, PushInfo } from './provider'

export const POLYV_API = 'https://api.polyv.net/live'
const TIMEOUT_MS = 8000

type Param = string | number | boolean | undefined

/** MD5(secret + k1v1k2v2... (sorted by name, `sign` and undefined left out) + secret), upper case. */
export function polyvSign(params: Record<string, Param>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}${String(params[k])}`)
    .join('')
  return createHash('md5').update(`${secret}${text}${secret}`).digest('hex').toUpperCase()
}

export interface FetchResponse {
  ok: boolean
  status: number
  text(): Promise<string>
}
export type FetchLike = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<FetchResponse>

export class PolyvError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export interface PolyvCredentials {
  appId: string
  userId: string
  appSecret: string
}

export interface PolyvChannel {
  channelId: string
  name: string
  /** RTMP push URL with their auth_key */
  pushUrl: string
  stream: string
  m3u8Url: string
}

export interface PolyvPlayback {
  videoId: string
  title: string
  url: string
  durationSeconds: number
  /** their session id (channelSessionId) */
  sessionId: string
  /** when the recorded stream started (their startTime, China time), null when absent */
  startedAt: Date | null
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/** 'HH:MM:SS' (or seconds) -> seconds */
export function polyvDuration(v: unknown): number {
  if (typeof v === 'number') return v
  const parts = str(v).split(':').map(Number)
  if (parts.length === 0 || parts.some((n) => !Number.isFinite(n))) return 0
  return parts.reduce((a, n) => a * 60 + n, 0)
}

/** 'yyyyMMddHHmmss' in China time -> Date */
export function polyvTime(v: unknown): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(str(v))
  if (!m) return null
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`)
}

export class PolyvClient {
  private readonly fetch: FetchLike
  private readonly base: string
  private readonly now: () => number

  constructor(
    private readonly creds: PolyvCredentials,
    opts: { fetch?: FetchLike; base?: string; now?: () => number } = {},
  ) {
    this.fetch = opts.fetch ?? (globalThis.fetch as unknown as FetchLike)
    this.base = opts.base ?? POLYV_API
    this.now = opts.now ?? Date.now
  }

  /** The parameters with appId, timestamp and sign added. */
  signed(params: Record<string, Param>): Record<string, string> {
    const all: Record<string, Param> = { ...params, appId: this.creds.appId, timestamp: this.now() }
    const out: Record<string, string> = {}
    for (const [k, v] of Object.entries(all)) if (v !== undefined) out[k] = String(v)
    out.sign = polyvSign(all, this.creds.appSecret)
    return out
  }

  /** One signed call; the `data` of their `{code, status, message, data}` envelope, or a PolyvError. */
  async call(method: 'GET' | 'POST', path: string, params: Record<string, Param> = {}): Promise<unknown> {
    const query = new URLSearchParams(this.signed(params)).toString()
    const signal = AbortSignal.timeout(TIMEOUT_MS)
    const res =
      method === 'GET'
        ? await this.fetch(`${this.base}${path}?${query}`, { method, signal })
        : await this.fetch(`${this.base}${path}`, {
            method,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: query,
            signal,
          })
    const text = await res.text()
    let body: { code?: unknown; status?: unknown; message?: unknown; data?: unknown }
    try {
      body = JSON.parse(text)
    } catch {
      throw new PolyvError(res.status, `polyv ${path}: not JSON (HTTP ${res.status})`)
    }
    if (body.code !== 200 || (body.status !== undefined && body.status !== 'success'))
      throw new PolyvError(Number(body.code) || res.status, `polyv ${path}: ${str(body.message) || 'failed'}`)
    return body.data
  }

  /** The account behind the credentials (a cheap call that proves they work). */
  async account(): Promise<{ userId: string }> {
    const d = (await this.call('GET', '/v3/user/get-info')) as Record<string, unknown> | null
    return { userId: str(d?.userId) }
  }

  async channel(channelId: string): Promise<PolyvChannel> {
    const d = (await this.call('GET', `/v2/channels/${encodeURIComponent(channelId)}/get`)) as Record<
      string,
      unknown
    > | null
    if (!d || typeof d !== 'object') throw new PolyvError(500, 'polyv channel: no data')
    return {
      channelId: str(d.channelId) || channelId,
      name: str(d.name),
      pushUrl: str(d.url),
      stream: str(d.stream),
      m3u8Url: str(d.m3u8Url),
    }
  }

  /** Their playback list of a channel (first page of 500, as the spec's app asks). */
  async playbacks(channelId: string): Promise<PolyvPlayback[]> {
    const d = (await this.call('GET', `/v2/channel/recordFile/${encodeURIComponent(channelId)}/playback/list`, {
      page: 1,
      pageSize: 500,
      listType: 'playback',
    })) as { contents?: unknown } | null
    const rows = Array.isArray(d?.contents) ? (d.contents as Record<string, unknown>[]) : []
    return rows
      .filter((r) => r && typeof r === 'object' && str(r.videoId))
      .map((r) => ({
        videoId: str(r.videoId),
        title: str(r.title),
        url: str(r.url) || str(r.fileUrl),
        durationSeconds: polyvDuration(r.duration),
        sessionId: str(r.channelSessionId),
        startedAt: polyvTime(r.startTime),
      }))
  }
}

/** rtmp://host/app/stream?auth_key=... -> server, key, and the expiry Alibaba-style auth keys start with. */
export function splitPushUrl(url: string): PushInfo {
  const m = /^(rtmps?:\/\/[^/]+\/[^/?]+)\/(.+)$/.exec(url)
  if (!m) return { server: url, streamKey: '', url, expiresAt: 0 }
  const auth = /[?&]auth_key=(\d{10})-/.exec(m[2]!)
  return { server: m[1]!, streamKey: m[2]!, url, expiresAt: auth ? Number(auth[1]) : 0 }
}

export class PolyvLiveProvider implements LiveProvider {
  readonly name = 'polyv' as const
  readonly client: PolyvClient | null
  private current: { available: boolean; reason: string }
  /** video id -> playback URL, from the playback lists read so far */
  private readonly playbackUrls = new Map<string, string>()
  private checking?: Promise<void>

  constructor(
    private readonly config: AppConfig,
    opts: { fetch?: FetchLike; base?: string; now?: () => number } = {},
  ) {
    const creds = config.live.polyv
    this.client = creds ? new PolyvClient(creds, opts) : null
    this.current = !creds
      ? { available: false, reason: 'polyv is not configured (POLYV_APP_ID, POLYV_USER_ID, POLYV_APP_SECRET)' }
      : config.live.videoEnabled
        ? { available: false, reason: 'checking the polyv account' }
        : { available: false, reason: 'live video is off on this server (LIVE_VIDEO=off)' }
  }

  status() {
    return { ...this.current }
  }

  playUrl(_c: LiveChannelRef, _userId: number): string {
    return ''
  }

  playbackUrl(r: LiveRecordingRef, _userId: number): string {
    return this.playbackUrls.get(r.path) ?? ''
  }

  async pushInfo(c: LiveChannelRef): Promise<PushInfo> {
    if (!this.client) throw new PolyvError(500, this.current.reason)
    const ch = await this.client.channel(c.providerChannelId)
    return splitPushUrl(ch.pushUrl)
  }

  /** Their recordings of a channel; remembers each one's URL for playbackUrl(). */
  async playbacks(c: Pick<LiveChannelRef, 'providerChannelId'>): Promise<PolyvPlayback[]> {
    if (!this.client) throw new PolyvError(500, this.current.reason)
    const list = await this.client.playbacks(c.providerChannelId)
    for (const p of list) if (p.url) this.playbackUrls.set(p.videoId, p.url)
    return list
  }

  /** Checks the credentials with one signed call, in the background (ready() waits for it); never throws. */
  async start(_events: LiveEvents): Promise<void> {
    if (!this.client || !this.config.live.videoEnabled) return
    const client = this.client
    this.checking ??= client.account().then(
      (a) => {
        this.current =
          a.userId && a.userId !== this.config.live.polyv!.userId
            ? { available: false, reason: `the polyv credentials belong to user ${a.userId}, not POLYV_USER_ID` }
            : { available: true, reason: '' }
      },
      (e) => {
        this.current = { available: false, reason: `polyv API check failed: ${e instanceof Error ? e.message : e}` }
      },
    )
  }

  /** The status once the credential check is done. */
  async ready(): Promise<{ available: boolean; reason: string }> {
    await this.checking
    return this.status()
  }

  async stop(): Promise<void> {}
}
