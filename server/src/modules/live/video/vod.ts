/**
 * Recordings -> playback (local provider). nginx-rtmp records each publish into `<dir>/rec/<stream key>-<unix
 * seconds>.flv`; when the file is closed (on_record_done) the server:
 * 1. finds the channel by stream key and the session that was live when the recording began;
 * 2. inserts a live_recording row (processing) and moves the FLV to `<dir>/vod/<session>/<recording>/source.flv`;
 * 3. answers nginx, then turns the FLV into a VOD HLS playlist next to it with ffmpeg (`-c copy -f hls
 *    -hls_playlist_type vod`), sets the row ready with the playlist's duration (or failed), and deletes the FLV.
 * A restart picks up what was left: rows still processing (their source.flv is there) and FLVs in rec/ that no
 * hook reported (nginx stopped mid-stream). docs/DECISIONS.md "Live — video".
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { and, desc, eq, like, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../db'
import { liveChannel, liveRecording, liveSession } from '../../../db/schema'
import { livePaths } from './nginx-conf'
import { STREAM_KEY_RE } from './signs'

export const VOD_SEGMENT_S = 4
/** a copy of a class-long FLV takes seconds; anything this slow is stuck */
const CONVERT_TIMEOUT_MS = 15 * 60 * 1000
/** how far after the recording's first second its session may have started (clock skew, hook order) */
const SESSION_SLACK_MS = 60 * 1000

/** Seconds of a playlist: the sum of its #EXTINF durations. */
export function playlistSeconds(m3u8: string): number {
  let total = 0
  for (const m of m3u8.matchAll(/^#EXTINF:([0-9.]+)/gm)) total += Number(m[1])
  return Math.round(total * 1000) / 1000
}

/** `<stream key>-<unix seconds>.flv` -> its parts, or null. */
export function parseRecordName(file: string): { streamKey: string; startedAt: Date } | null {
  const m = /^(.+)-(\d{9,11})\.flv$/.exec(path.basename(file))
  if (!m || !STREAM_KEY_RE.test(m[1]!)) return null
  return { streamKey: m[1]!, startedAt: new Date(Number(m[2]) * 1000) }
}

/** ffmpeg arguments that copy an FLV into a VOD HLS playlist (index.m3u8 + seg00000.ts ...) in outDir. */
export function vodArgs(input: string, outDir: string): string[] {
  return [
    ...['-nostdin', '-v', 'error', '-y', '-i', input, '-c', 'copy', '-f', 'hls'],
    ...['-hls_time', String(VOD_SEGMENT_S), '-hls_list_size', '0', '-hls_playlist_type', 'vod'],
    ...['-hls_segment_filename', path.join(outDir, 'seg%05d.ts'), path.join(outDir, 'index.m3u8')],
  ]
}

/** Runs ffmpeg; resolves with the playlist's seconds, rejects with ffmpeg's own words. */
export function convertToVod(ffmpeg: string, input: string, outDir: string, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, vodArgs(input, outDir), { stdio: ['ignore', 'ignore', 'pipe'], signal })
    let err = ''
    child.stderr.on('data', (b: Buffer) => {
      if (err.length < 4000) err += b.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), CONVERT_TIMEOUT_MS)
    child.on('error', (e) => {
      clearTimeout(timer)
      reject(e)
    })
    child.on('close', (code, sig) => {
      clearTimeout(timer)
      const playlist = path.join(outDir, 'index.m3u8')
      if (code !== 0 || !fs.existsSync(playlist)) {
        reject(
          new Error(`ffmpeg ${sig ? `killed by ${sig}` : `exited ${code}`}: ${err.trim().slice(-500) || 'no output'}`),
        )
        return
      }
      const seconds = playlistSeconds(fs.readFileSync(playlist, 'utf8'))
      if (seconds <= 0) reject(new Error('the recording has no media'))
      else resolve(seconds)
    })
  })
}

export interface RecordingDeps {
  db: Db
  dir: string
  /** null: ffmpeg is missing, recordings are marked failed */
  ffmpeg: string | null
  log: FastifyBaseLogger
}

/**
 * Conversions one or two at a time (copies are disk-bound); `stop()` aborts the running ones (their rows stay
 * processing and are converted again on the next start).
 */
export class RecordingJobs {
  private readonly queue: (() => Promise<void>)[] = []
  private running = 0
  private readonly abort = new AbortController()
  private readonly idleWaiters: (() => void)[] = []

  constructor(
    private readonly deps: RecordingDeps,
    private readonly concurrency = 2,
  ) {}

  /**
   * on_record_done: the row is inserted (processing) before this resolves; the conversion runs after.
   * `startedAt`: when the stream began (the publish hook's time), else the file name's second.
   */
  async recordDone(
    flvPath: string,
    startedAt?: Date,
    sessionId?: number | null,
  ): Promise<{ recordingId: number } | null> {
    const { db, dir, log } = this.deps
    const rec = livePaths(dir).rec
    const resolved = path.resolve(flvPath)
    const parsed = parseRecordName(resolved)
    if (!parsed || path.dirname(resolved) !== path.resolve(rec) || !fs.existsSync(resolved)) {
      log.warn({ path: flvPath }, 'live: record_done for a file outside the record dir, ignored')
      return null
    }
    const [channel] = await db
      .select({ tenantId: liveChannel.tenantId, id: liveChannel.id })
      .from(liveChannel)
      .where(and(eq(liveChannel.streamKey, parsed.streamKey), eq(liveChannel.provider, 'local')))
    if (!channel) {
      log.warn({ path: flvPath }, 'live: a recording of an unknown stream, left in the record dir')
      return null
    }
    const began = startedAt ?? parsed.startedAt
    // the class the push key named (the hook's sign), else the class started last before the recording began
    const [session] = await db
      .select({ id: liveSession.id })
      .from(liveSession)
      .where(
        and(
          eq(liveSession.tenantId, channel.tenantId),
          eq(liveSession.channelId, channel.id),
          sessionId
            ? eq(liveSession.id, sessionId)
            : lte(liveSession.startedAt, new Date(began.getTime() + SESSION_SLACK_MS)),
        ),
      )
      .orderBy(desc(liveSession.startedAt))
      .limit(1)
    if (!session) {
      log.warn({ path: flvPath }, 'live: a recording without a started session, left in the record dir')
      return null
    }
    const [row] = await db
      .insert(liveRecording)
      .values({
        tenantId: channel.tenantId,
        channelId: channel.id,
        sessionId: session.id,
        path: '',
        status: 'processing',
        startedAt: began,
      })
      .returning({ id: liveRecording.id })
    const rel = `vod/${session.id}/${row!.id}/index.m3u8`
    const outDir = path.join(dir, path.dirname(rel))
    fs.mkdirSync(outDir, { recursive: true })
    fs.renameSync(resolved, path.join(outDir, 'source.flv'))
    await db.update(liveRecording).set({ path: rel }).where(eq(liveRecording.id, row!.id))
    this.enqueue(row!.id, outDir)
    return { recordingId: row!.id }
  }

  /** On start: rows left processing are converted again; FLVs no hook reported become recordings. */
  async recover(): Promise<void> {
    const { db, dir, log } = this.deps
    const rows = await db
      .select({ id: liveRecording.id, path: liveRecording.path })
      .from(liveRecording)
      .where(and(eq(liveRecording.status, 'processing'), like(liveRecording.path, 'vod/%')))
    for (const r of rows) {
      const outDir = path.join(dir, path.dirname(r.path))
      if (fs.existsSync(path.join(outDir, 'source.flv'))) this.enqueue(r.id, outDir)
      else await db.update(liveRecording).set({ status: 'failed' }).where(eq(liveRecording.id, r.id))
    }
    const rec = livePaths(dir).rec
    const orphans = fs.existsSync(rec) ? fs.readdirSync(rec).filter((f) => f.endsWith('.flv')) : []
    for (const f of orphans) {
      try {
        await this.recordDone(path.join(rec, f))
      } catch (err) {
        log.error({ err, file: f }, 'live: could not recover a recording')
      }
    }
  }

  /** Resolves when no conversion is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve()
    return new Promise((r) => this.idleWaiters.push(r))
  }

  stop(): void {
    this.queue.length = 0
    this.abort.abort()
  }

  private enqueue(recordingId: number, outDir: string) {
    this.queue.push(() => this.convert(recordingId, outDir))
    this.pump()
  }

  private pump() {
    while (this.running < this.concurrency && this.queue.length > 0 && !this.abort.signal.aborted) {
      const job = this.queue.shift()!
      this.running++
      job().finally(() => {
        this.running--
        this.pump()
        if (this.running === 0 && this.queue.length === 0) for (const w of this.idleWaiters.splice(0)) w()
      })
    }
  }

  private async convert(recordingId: number, outDir: string) {
    const { db, ffmpeg, log } = this.deps
    const source = path.join(outDir, 'source.flv')
    try {
      if (!ffmpeg) throw new Error('ffmpeg is not installed')
      for (const f of fs.readdirSync(outDir)) if (f !== 'source.flv') fs.rmSync(path.join(outDir, f), { force: true })
      const seconds = await convertToVod(ffmpeg, source, outDir, this.abort.signal)
      await db
        .update(liveRecording)
        .set({ status: 'ready', durationSeconds: seconds })
        .where(eq(liveRecording.id, recordingId))
      fs.rmSync(source, { force: true })
      log.info({ recordingId, seconds }, 'live: recording ready for playback')
    } catch (err) {
      if (this.abort.signal.aborted) return // stopping: converted again on the next start
      log.error({ err, recordingId }, 'live: recording could not be turned into playback (its FLV is kept)')
      await db
        .update(liveRecording)
        .set({ status: 'failed' })
        .where(eq(liveRecording.id, recordingId))
        .catch(() => {})
    }
  }
}
