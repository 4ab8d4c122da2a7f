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
 */
import Taro from '@tarojs/taro'
import { type AnswerIn, BANK_CODE, type Ques, reviewWrong, saveAnswers } from '../api/bank'
import { storage } from '../storage'

export interface QueuedAnswer {
  recordId: number
  questionId: number
  ques: Ques
  /** Unix seconds, fraction = ms (answeredAtNow) */
  answeredAt: number
}

interface Outbox {
  items: QueuedAnswer[]
  /** recordId -> question index the learner was on */
  pos: Record<string, number>
}

/** Sends one batch of one attempt; resolves when the server acknowledged it (rejects with ApiError). */
export type AnswerTransport = (recordId: number, answers: AnswerIn[]) => Promise<unknown>

export const BATCH_SIZE = 100
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

/** Swap the transports (tests); without arguments the real calls again. */
export function setAnswerTransport(fn?: AnswerTransport, review?: ReviewTransport): void {
  transport = fn ?? defaultTransport
  reviewTransport = review ?? defaultReviewTransport
}

function read(): Outbox {
  const v = storage.get<Outbox>('answer_outbox')
  return {
    items: Array.isArray(v?.items) ? v.items : [],
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

/** Unsent answers (of one attempt, or all). */
export function pending(recordId?: number): QueuedAnswer[] {
  const items = read().items
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
  box.items.push({ ...answer })
  write(box)
  void flush()
}

/** Forget an attempt's unsent answers (it was submitted elsewhere: the server refuses them, code 611). */
export function drop(recordId: number): void {
  const box = read()
  box.items = box.items.filter((a) => a.recordId !== recordId)
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

function removeAcknowledged(sent: QueuedAnswer[]): void {
  const box = read()
  // an answer given again while the batch was in flight has a newer answeredAt and stays
  box.items = box.items.filter(
    (a) =>
      !sent.some((s) => s.recordId === a.recordId && s.questionId === a.questionId && s.answeredAt === a.answeredAt),
  )
  write(box)
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

async function sendAll(): Promise<FlushResult> {
  let sent = 0
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
        sent += 1
      }
      continue
    }
    for (let i = 0; i < mine.length; i += BATCH_SIZE) {
      const batch = mine.slice(i, i + BATCH_SIZE)
      try {
        const reply = await transport(
          recordId,
          batch.map(({ questionId, ques, answeredAt }) => ({ questionId, ques, answeredAt })),
        )
        removeAcknowledged(batch)
        for (const fn of replyListeners) fn(recordId, reply)
        sent += batch.length
      } catch (e) {
        if (codeOf(e) === BANK_CODE.recordSubmitted) {
          // the attempt is closed: the server will never take these
          removeAcknowledged(batch)
          break
        }
        failed = true
        break
      }
    }
  }
  return { sent, left: read().items.length, failed }
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
  transport = defaultTransport
  reviewTransport = defaultReviewTransport
}
