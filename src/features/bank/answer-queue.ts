/**
 * The answer outbox (docs/DECISIONS.md "Question bank", offline answers). Every answer is written to device
 * storage synchronously BEFORE any network call, then sent in batches with the quiet `saveAnswers`. Only what
 * the server acknowledged (a 200 answer: saved, or ignored as older / not in the attempt) leaves the outbox;
 * a network failure keeps everything and retries with backoff, and the outbox is flushed again when the
 * network returns and when the app comes back to the foreground. Latest answer per (recordId, questionId)
 * wins locally, so the outbox never holds two answers to one question.
 * It also remembers the question a learner was on per attempt (`position`), so a reload lands there.
 * Wrong-book reviews (no attempt) travel in the same outbox under recordId REVIEW and are sent one by one with
 * the review call; the server ignores a review not newer than the card's last one, so re-sending is safe.
 *
 * One bad answer never holds back the others (docs/DECISIONS.md "Question bank", refused answers): a batch the
 * server refuses (a 4xx / app code: e.g. a character it cannot store) is split in halves until the refused answer
 * stands alone; that one is set aside as REJECTED with the server's reason (listeners are told, the learner sees
 * which question and why, and answering it again replaces it) and the rest are saved. A server error (5xx) of one
 * answer is set aside the same way after REJECT_AFTER_SERVER_ERRORS tries, but only while other answers of the
 * same flush are saved (a server that fails everything is down, and everything waits for it instead).
 */
import Taro from '@tarojs/taro'
import { storage } from '../../services/storage'
import { type AnswerIn, BANK_CODE, type Ques, reviewWrong, saveAnswers } from './api'

export interface QueuedAnswer {
  recordId: number
  questionId: number
  ques: Ques
  /** Unix seconds, fraction = ms (answeredAtNow) */
  answeredAt: number
  /** server errors this answer met alone while other answers were saved (see REJECT_AFTER_SERVER_ERRORS) */
  serverErrors?: number
}

/** An answer the server will not take, with its reason; it leaves the outbox when the question is answered again. */
export interface RejectedAnswer extends QueuedAnswer {
  /** the server's message (or the app's for a server error) */
  reason: string
  code: number
}

interface Outbox {
  items: QueuedAnswer[]
  rejected: RejectedAnswer[]
  /** recordId -> question index the learner was on */
  pos: Record<string, number>
}

/** Sends one batch of one attempt; resolves when the server acknowledged it (rejects with ApiError). */
export type AnswerTransport = (recordId: number, answers: AnswerIn[]) => Promise<unknown>

export const BATCH_SIZE = 100
/** a lone answer that met this many server errors while others were saved is set aside */
export const REJECT_AFTER_SERVER_ERRORS = 3
/** rejected answers kept (oldest dropped) */
const REJECTED_KEPT = 50
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 30_000
const POSITIONS_KEPT = 30

/** The recordId of wrong-book reviews in the outbox (they belong to no attempt). */
export const REVIEW = 0

/** Sends one wrong-book review; resolves when the server acknowledged it. */
export type ReviewTransport = (answer: Omit<QueuedAnswer, 'recordId'>) => Promise<unknown>

const defaultTransport: AnswerTransport = (recordId, answers) => saveAnswers(recordId, answers)
const defaultReviewTransport: ReviewTransport = (a) =>
  reviewWrong(a.questionId, a.ques, a.answeredAt, { noLoading: true, silent: true })
let transport: AnswerTransport = defaultTransport
let reviewTransport: ReviewTransport = defaultReviewTransport

const replyListeners = new Set<(recordId: number, reply: unknown) => void>()

/**
 * Hear every acknowledged batch's reply (e.g. a timed exam learns that the server closed the attempt:
 * `submitted && autoSubmitted`). Returns the unsubscribe function.
 */
export function onSaveReply(fn: (recordId: number, reply: unknown) => void): () => void {
  replyListeners.add(fn)
  return () => replyListeners.delete(fn)
}

const rejectListeners = new Set<(answer: RejectedAnswer) => void>()

/** Hear each answer the server would not take (the page tells the learner which and why). Returns the unsubscribe. */
export function onRejected(fn: (answer: RejectedAnswer) => void): () => void {
  rejectListeners.add(fn)
  return () => rejectListeners.delete(fn)
}

/** Swap the transports (tests); without arguments the real calls again. */
export function setAnswerTransport(fn?: AnswerTransport, review?: ReviewTransport): void {
  transport = fn ?? defaultTransport
  reviewTransport = review ?? defaultReviewTransport
}

function read(): Outbox {
  const v = storage.get<Outbox>('answer_outbox')
  return {
    items: Array.isArray(v?.items) ? v.items : [],
    rejected: Array.isArray(v?.rejected) ? v.rejected : [],
    pos: v?.pos && typeof v.pos === 'object' ? v.pos : {},
  }
}

function write(box: Outbox): void {
  storage.set('answer_outbox', box)
  for (const fn of listeners) fn()
}

const listeners = new Set<() => void>()

/** Called whenever the outbox changes; returns the unsubscribe. */
export function subscribe(fn: () => void): () => void {
  listeners.add(fn)
  return () => {
    listeners.delete(fn)
  }
}

/** Unsent answers (of one attempt, or all); rejected ones are not among them. */
export function pending(recordId?: number): QueuedAnswer[] {
  const items = read().items
  return recordId === undefined ? items : items.filter((a) => a.recordId === recordId)
}

/** Answers the server would not take (of one attempt, or all), with the reason. */
export function rejected(recordId?: number): RejectedAnswer[] {
  const items = read().rejected
  return recordId === undefined ? items : items.filter((a) => a.recordId === recordId)
}

/**
 * Store the answer on the device now (synchronously), then try to send it. An answer older than the one
 * already queued for the same question is ignored.
 */
export function enqueue(answer: QueuedAnswer): void {
  const box = read()
  const prev = box.items.find((a) => a.recordId === answer.recordId && a.questionId === answer.questionId)
  if (prev && prev.answeredAt > answer.answeredAt) return
  box.items = box.items.filter((a) => a !== prev)
  const { recordId, questionId, ques, answeredAt } = answer
  box.items.push({ recordId, questionId, ques, answeredAt })
  // answering a rejected question again replaces the rejected answer
  box.rejected = box.rejected.filter((a) => !(a.recordId === answer.recordId && a.questionId === answer.questionId))
  write(box)
  void flush()
}

/** Forget an attempt's unsent answers (it was submitted elsewhere: the server refuses them, code 611). */
export function drop(recordId: number): void {
  const box = read()
  box.items = box.items.filter((a) => a.recordId !== recordId)
  box.rejected = box.rejected.filter((a) => a.recordId !== recordId)
  write(box)
}

export function savePosition(recordId: number, index: number): void {
  const box = read()
  const key = String(recordId)
  const pos = { ...box.pos }
  delete pos[key]
  pos[key] = index
  const keys = Object.keys(pos)
  for (const k of keys.slice(0, Math.max(0, keys.length - POSITIONS_KEPT))) delete pos[k]
  box.pos = pos
  storage.set('answer_outbox', box)
}

export function position(recordId: number): number | null {
  const v = read().pos[String(recordId)]
  return typeof v === 'number' && v >= 0 ? v : null
}

// ---- sending ----

let inFlight: Promise<FlushResult> | null = null
let again = false
let failures = 0
let retryTimer: ReturnType<typeof setTimeout> | null = null

export interface FlushResult {
  /** answers acknowledged by this flush */
  sent: number
  /** answers still on the device */
  left: number
  /** the last failure was the network (or a server error worth retrying) */
  failed: boolean
}

const same = (a: QueuedAnswer, b: QueuedAnswer) =>
  a.recordId === b.recordId && a.questionId === b.questionId && a.answeredAt === b.answeredAt

function removeAcknowledged(sent: QueuedAnswer[]): void {
  const box = read()
  // an answer given again while the batch was in flight has a newer answeredAt and stays
  box.items = box.items.filter((a) => !sent.some((s) => same(s, a)))
  write(box)
}

/** Set one answer aside with the reason (unless it was answered again meanwhile), and tell the listeners. */
function reject(a: QueuedAnswer, code: number, reason: string): void {
  const box = read()
  if (!box.items.some((x) => same(x, a))) return
  const out: RejectedAnswer = { ...a, code, reason }
  box.items = box.items.filter((x) => !same(x, a))
  box.rejected = [...box.rejected.filter((x) => !(x.recordId === a.recordId && x.questionId === a.questionId)), out]
  box.rejected = box.rejected.slice(-REJECTED_KEPT)
  write(box)
  for (const fn of rejectListeners) fn(out)
}

function countServerError(a: QueuedAnswer): number {
  const box = read()
  const item = box.items.find((x) => same(x, a))
  if (!item) return 0
  item.serverErrors = (item.serverErrors ?? 0) + 1
  write(box)
  return item.serverErrors
}

function scheduleRetry(): void {
  if (retryTimer) return
  const delay = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), RETRY_MAX_MS)
  retryTimer = setTimeout(() => {
    retryTimer = null
    void flush()
  }, delay)
}

/** The envelope code of a failed call (duck-typed: ApiError may come from another module instance). */
function codeOf(e: unknown): number | undefined {
  const c = (e as { code?: unknown } | null)?.code
  return typeof c === 'number' ? c : undefined
}

const messageOf = (e: unknown) => {
  const m = (e as { msg?: unknown; message?: unknown } | null)?.msg ?? (e as { message?: unknown } | null)?.message
  return typeof m === 'string' ? m : ''
}

/** How a failed send is taken. */
type Failure = 'network' | 'closed' | 'refused' | 'server'
export function failureOf(e: unknown): Failure {
  const code = codeOf(e)
  if (code === undefined || code < 0 || code === 429) return 'network'
  if (code === BANK_CODE.recordSubmitted) return 'closed'
  if (code >= 500 && code < 600) return 'server'
  // 401 / 409 are the request helper's (refresh, re-login): the answers wait for the session
  if (code === 401 || code === 409) return 'network'
  return 'refused'
}

/** Stop this flush; everything left stays on the device for the retry. */
class RetryLater extends Error {}

interface FlushState {
  sent: number
  /** some answer was saved in this flush: the server works, so a lone server error is about that answer */
  anySaved: boolean
  /** lone answers that met a server error in this flush (they stay queued; see endFlush) */
  deferred: QueuedAnswer[]
}

/**
 * Send one batch of one attempt; a refused or failing batch of several answers is split in halves so the bad
 * answer ends up alone. Throws RetryLater when the network (or the whole server) is away.
 */
async function sendBatch(recordId: number, batch: QueuedAnswer[], st: FlushState): Promise<'ok' | 'closed'> {
  try {
    const reply = await transport(
      recordId,
      batch.map(({ questionId, ques, answeredAt }) => ({ questionId, ques, answeredAt })),
    )
    removeAcknowledged(batch)
    for (const fn of replyListeners) fn(recordId, reply)
    st.sent += batch.length
    st.anySaved = true
    return 'ok'
  } catch (e) {
    const kind = failureOf(e)
    if (kind === 'network') throw new RetryLater()
    if (kind === 'closed') {
      // the attempt is closed: the server will never take these
      removeAcknowledged(batch)
      return 'closed'
    }
    if (batch.length > 1) {
      const half = Math.ceil(batch.length / 2)
      if ((await sendBatch(recordId, batch.slice(0, half), st)) === 'closed') return 'closed'
      return sendBatch(recordId, batch.slice(half), st)
    }
    const a = batch[0]!
    if (kind === 'refused') {
      reject(a, codeOf(e)!, messageOf(e))
      return 'ok'
    }
    // a server error of one answer: it waits and the others go on; two in a row with nothing saved means the
    // server is down, and everything waits
    if (!st.anySaved && st.deferred.length > 0) throw new RetryLater()
    st.deferred.push(a)
    lastServerError.set(a, { code: codeOf(e)!, msg: messageOf(e) })
    return 'ok'
  }
}

const lastServerError = new WeakMap<QueuedAnswer, { code: number; msg: string }>()

/** Deferred answers count a server error only when others were saved; at REJECT_AFTER_SERVER_ERRORS they are set aside. */
function endFlush(st: FlushState): void {
  if (!st.anySaved) return
  for (const a of st.deferred) {
    const err = lastServerError.get(a)!
    if (countServerError(a) >= REJECT_AFTER_SERVER_ERRORS) reject(a, err.code, err.msg)
  }
}

async function sendAll(): Promise<FlushResult> {
  const st: FlushState = { sent: 0, anySaved: false, deferred: [] }
  let failed = false
  const items = [...read().items].sort((a, b) => a.answeredAt - b.answeredAt)
  const records = [...new Set(items.map((a) => a.recordId))]
  for (const recordId of records) {
    const mine = items.filter((a) => a.recordId === recordId)
    if (recordId === REVIEW) {
      for (const a of mine) {
        try {
          await reviewTransport({ questionId: a.questionId, ques: a.ques, answeredAt: a.answeredAt })
        } catch (e) {
          const code = codeOf(e)
          // refused for good (no longer in the book, not the learner's bank): nothing to retry
          if (code === undefined || code < 0 || code >= 500) {
            failed = true
            break
          }
        }
        removeAcknowledged([a])
        st.sent += 1
      }
      continue
    }
    try {
      for (let i = 0; i < mine.length; i += BATCH_SIZE) {
        if ((await sendBatch(recordId, mine.slice(i, i + BATCH_SIZE), st)) === 'closed') break
      }
    } catch (e) {
      if (!(e instanceof RetryLater)) throw e
      failed = true
      break
    }
  }
  endFlush(st)
  return { sent: st.sent, left: read().items.length, failed: failed || st.deferred.length > 0 }
}

/** Send every unsent answer. Concurrent calls share one run (and trigger one more pass after it). */
export function flush(): Promise<FlushResult> {
  if (inFlight) {
    again = true
    return inFlight
  }
  if (retryTimer) {
    clearTimeout(retryTimer)
    retryTimer = null
  }
  const run = (async (): Promise<FlushResult> => {
    // start on the next tick, so a flush asked for from inside a send joins this run
    await Promise.resolve()
    let result: FlushResult
    do {
      again = false
      result = await sendAll()
    } while (again && !result.failed)
    return result
  })()
  inFlight = run
  return run.then((result) => {
    inFlight = null
    if (result.failed) {
      failures += 1
      scheduleRetry()
    } else failures = 0
    return result
  })
}

let started = false

/** Flush now, when the network returns and whenever the app comes back (once per app run). */
export function startAnswerSync(): void {
  if (started) return
  started = true
  try {
    Taro.onNetworkStatusChange((res) => {
      if (res.isConnected) {
        failures = 0
        void flush()
      }
    })
  } catch {
    // not available on this platform: the backoff retry still runs
  }
  try {
    Taro.onAppShow(() => void flush())
  } catch {
    // idem
  }
  if (read().items.length > 0) void flush()
}

/** Test hook: forget timers, counters and listeners (not the stored outbox). */
export function resetAnswerQueue(): void {
  if (retryTimer) clearTimeout(retryTimer)
  retryTimer = null
  inFlight = null
  again = false
  failures = 0
  started = false
  listeners.clear()
  rejectListeners.clear()
  transport = defaultTransport
  reviewTransport = defaultReviewTransport
}
