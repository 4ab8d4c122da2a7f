/**
 * Progress reporter of one play session (docs/DECISIONS.md "Learning"; lifecycle in services/api/learn.ts).
 * Framework-free: the player feeds it timeupdate positions and pause / hide / end / seek events; it sends
 * contiguous intervals [start, end] quietly, one at a time, every REPORT_EVERY_SECONDS of playing and on
 * each event. The next interval starts where the last ANSWERED report ended (the server moves its clock on
 * every answer, accepted or not); an unanswered report (network, 5xx) keeps its start, so the next report
 * covers that time too and nothing is lost. A seek report that gets no answer is the exception: the next
 * interval starts where the seek landed, so the time before the seek is not sent again.
 */
import {
  checkVideo,
  LEARN_CODE,
  type PhotoDue,
  type PlaySession,
  photoInfo,
  REPORT_EVERY_SECONDS,
  type ReportIn,
  type ReportResult,
  report,
} from '@/features/learn/api'
import { ApiError, NETWORK_ERROR } from '@/services/http/error'

export type ReportEvent = ReportIn['event']

export interface ReporterOptions {
  goodsId: number
  sectionId: number
  sessionId: string
  /** where playback starts (the first interval starts here) */
  position: number
  /** photos still due in this section (from the play session) */
  photos: PhotoDue[]
  /** open a new play session when the server says the session is gone (LEARN_CODE.sessionGone) */
  reopen: () => Promise<Pick<PlaySession, 'sessionId' | 'photos'>>
  /** a photo is due: the player pauses and asks for it, then calls photoTaken() */
  onPhotoDue: (photo: PhotoDue) => void
  /** every answered report: new furthest point, credited seconds, status */
  onResult?: (result: ReportResult) => void
  /** study is closed or not entitled any more: the player stops */
  onClosed?: (code: number, msg: string) => void
  everySeconds?: number
}

const QUIET = { silent: true, noLoading: true } as const
/** positions go out with centisecond precision */
const round = (n: number) => Math.round(Math.max(0, n) * 100) / 100
const samePhoto = (a: PhotoDue, b: PhotoDue) => a.scene === b.scene && Math.abs(a.position - b.position) < 0.001

export class StudyReporter {
  private sessionIdValue: string
  private start: number
  private position: number
  private photos: PhotoDue[]
  private pending: PhotoDue | null = null
  private timer: ReturnType<typeof setInterval> | null = null
  private queue: Promise<void> = Promise.resolve()
  private disposed = false
  private closed = false

  constructor(private readonly opts: ReporterOptions) {
    this.sessionIdValue = opts.sessionId
    this.start = opts.position
    this.position = opts.position
    this.photos = [...opts.photos]
  }

  get sessionId(): string {
    return this.sessionIdValue
  }

  /** the photo the learner must take before playing on, if any */
  get pendingPhoto(): PhotoDue | null {
    return this.pending
  }

  /** A timeupdate: remember the position; start the report clock; hold for a photo that has become due. */
  onTime(position: number): void {
    if (this.disposed || this.closed) return
    this.position = position
    if (this.pending) return
    if (this.holdIfDue(position)) return
    if (!this.timer)
      this.timer = setInterval(() => this.enqueue('tick'), (this.opts.everySeconds ?? REPORT_EVERY_SECONDS) * 1000)
  }

  onPause(): void {
    this.stopClock()
    // holding for a photo: the hold already reported up to the photo point
    if (!this.pending) this.enqueue('pause')
  }

  onHide(): void {
    this.stopClock()
    if (!this.pending) this.enqueue('hide')
  }

  /** The video ended (at `position`, default the last known one): always reported, the server resets the position. */
  onEnd(position = this.position): void {
    if (this.disposed || this.closed) return
    this.position = position
    this.stopClock()
    this.enqueue('end', position, true)
  }

  /** A seek: report up to `from`, then the next interval starts at `to`. */
  onSeek(from: number, to: number): void {
    if (this.disposed || this.closed) return
    this.position = to
    this.enqueue('seek', from, false, () => {
      this.start = to
    })
  }

  /** If a photo is due at or before `position`, hold playback for it (onPhotoDue) and answer true. */
  holdIfDue(position: number): boolean {
    if (this.disposed || this.closed) return false
    if (this.pending) return true
    const due = this.dueAt(position)
    if (!due) return false
    this.pending = due
    this.stopClock()
    // credit up to the photo point; nothing beyond it counts until the photo is logged
    this.enqueue('pause', Math.min(position, Math.max(this.start, due.position)))
    this.opts.onPhotoDue(due)
    return true
  }

  /** The photo was logged: playback may go on. */
  photoTaken(photo: PhotoDue): void {
    this.photos = this.photos.filter((p) => !samePhoto(p, photo))
    if (this.pending && samePhoto(this.pending, photo)) this.pending = null
  }

  dueAt(position: number): PhotoDue | undefined {
    return this.photos.find((p) => p.position <= position + 0.001)
  }

  /** Resolves when every queued report has been answered (or failed). */
  flush(): Promise<void> {
    return this.queue
  }

  /** Final report (page unload or another section), then stop. */
  dispose(): Promise<void> {
    if (this.disposed) return this.queue
    this.stopClock()
    if (!this.pending) this.enqueue('hide')
    this.disposed = true
    return this.queue
  }

  private stopClock(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private enqueue(event: ReportEvent, end?: number, force = false, after?: () => void): void {
    if (this.disposed || this.closed) return
    // the interval ends where playback is now, not where it will be when the queue reaches this report
    const upTo = end ?? this.position
    this.queue = this.queue
      .then(() => this.send(event, upTo, force))
      .then(() => after?.())
      .catch(() => undefined)
  }

  private async send(event: ReportEvent, endAt: number, force: boolean): Promise<void> {
    if (this.closed) return
    const start = round(this.start)
    const end = round(endAt)
    // nothing watched since the last report (or a hold point already passed by a seek)
    if (end < start || (end - start < 0.01 && !force)) return
    try {
      const result = await report(
        { sessionId: this.sessionIdValue, startPosition: start, endPosition: end, event },
        QUIET,
      )
      this.start = end
      this.photos = [...result.photos]
      if (this.disposed) return
      this.opts.onResult?.(result)
      if (event !== 'end') this.holdIfDue(this.position)
    } catch (e) {
      await this.failed(e, start, end)
    }
  }

  private async failed(e: unknown, start: number, end: number): Promise<void> {
    const code = e instanceof ApiError ? e.code : NETWORK_ERROR
    const msg = e instanceof ApiError ? e.msg : ''
    switch (code) {
      case LEARN_CODE.sessionGone:
        if (!this.disposed) await this.reopen()
        return
      case LEARN_CODE.photoRequired: {
        if (this.disposed) return
        const due = this.dueAt(end) ?? (await this.askDuePhoto(end))
        this.start = Math.max(start, Math.min(due.position, end))
        if (!this.photos.some((p) => samePhoto(p, due))) this.photos = [due, ...this.photos]
        this.holdIfDue(Math.max(this.position, due.position))
        return
      }
      case LEARN_CODE.notEntitled:
      case LEARN_CODE.studyClosed:
        this.close(code, msg)
        return
      default:
        // no answer (network) or a server failure: keep the interval, the next report covers it
        if (code === NETWORK_ERROR || code >= 500) return
        // refused as invalid: drop it rather than send it forever
        this.start = end
    }
  }

  /** Open a new play session now (e.g. a photo log met LEARN_CODE.sessionGone); answers its id. */
  async renew(): Promise<string> {
    const s = await this.opts.reopen()
    this.adopt(s)
    return s.sessionId
  }

  private adopt(s: Pick<PlaySession, 'sessionId' | 'photos'>): void {
    this.sessionIdValue = s.sessionId
    this.photos = [...s.photos]
    this.start = this.position
  }

  /** The session is gone (idle, or opened again elsewhere): open a new one and go on from here. */
  private async reopen(): Promise<void> {
    try {
      this.adopt(await this.opts.reopen())
    } catch (e) {
      const code = e instanceof ApiError ? e.code : NETWORK_ERROR
      if (code === LEARN_CODE.notEntitled || code === LEARN_CODE.studyClosed)
        this.close(code, e instanceof ApiError ? e.msg : '')
      // otherwise the next report meets 623 again and retries
    }
  }

  /** 621 without a known due photo: ask which one (photo info, then the video check). */
  private async askDuePhoto(end: number): Promise<PhotoDue> {
    const { goodsId, sectionId } = this.opts
    const lists = [
      () => photoInfo(goodsId, sectionId, QUIET).then((i) => i.photos),
      () => checkVideo(goodsId, sectionId, QUIET).then((c) => c.photos),
    ]
    for (const load of lists) {
      try {
        const found = (await load()).find((p) => p.position <= end + 0.001)
        if (found) return found
      } catch {
        // try the next source
      }
    }
    return { scene: this.photos[0]?.scene ?? 'random', position: end }
  }

  private close(code: number, msg: string): void {
    this.stopClock()
    this.closed = true
    if (!this.disposed) this.opts.onClosed?.(code, msg)
  }
}
