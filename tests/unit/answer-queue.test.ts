import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

vi.mock('@tarojs/taro', async (importOriginal) => {
  const { createTaroDouble } = await import('./taro-double')
  let actual: Record<string, unknown> = {}
  try {
    const mod = (await importOriginal()) as { default?: Record<string, unknown> }
    actual = mod.default ?? (mod as Record<string, unknown>)
  } catch {
    actual = {}
  }
  const net: ((r: { isConnected: boolean }) => void)[] = []
  const show: (() => void)[] = []
  const Taro = {
    ...createTaroDouble(actual),
    onNetworkStatusChange: (fn: (r: { isConnected: boolean }) => void) => net.push(fn),
    onAppShow: (fn: () => void) => show.push(fn),
    __net: net,
    __show: show,
  }
  return { ...Taro, default: Taro }
})

const { ApiError } = await import('@/services/http/error')
type Queue = typeof import('@/features/bank/answer-queue')
type Sent = { recordId: number; answers: import('@/features/bank/api').AnswerIn[] }

let online = true
let sent: Sent[] = []
const transport = vi.fn(async (recordId: number, answers: Sent['answers']) => {
  if (!online) throw new ApiError(-1, 'offline')
  sent.push({ recordId, answers })
  return { saved: answers.length }
})

/** A fresh copy of the module over the same device storage: what an app restart looks like. */
async function boot(): Promise<Queue> {
  vi.resetModules()
  const q = await import('@/features/bank/answer-queue')
  q.resetAnswerQueue()
  q.setAnswerTransport(transport)
  return q
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

beforeEach(async () => {
  const { memoryStorage } = await import('./taro-double')
  memoryStorage.clear()
  online = true
  sent = []
  transport.mockClear()
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

describe('answer queue', () => {
  it('writes the answer to storage before any network call', async () => {
    const q = await boot()
    transport.mockImplementationOnce(async () => {
      // at the moment of sending, the answer is already on the device
      const Taro = (await import('@tarojs/taro')).default
      expect((Taro.getStorageSync('answer_outbox') as { items: unknown[] }).items).toHaveLength(1)
      return { saved: 1 }
    })
    q.enqueue({ recordId: 1, questionId: 10, ques: 'A', answeredAt: 100 })
    await q.flush()
    expect(transport).toHaveBeenCalledTimes(1)
    expect(q.pending()).toHaveLength(0)
  })

  it('keeps answers through a network failure and an app restart, then sends them', async () => {
    online = false
    let q = await boot()
    q.enqueue({ recordId: 1, questionId: 10, ques: 'A', answeredAt: 100 })
    q.enqueue({ recordId: 1, questionId: 11, ques: 'B,C', answeredAt: 101 })
    await settle()
    expect(q.pending(1)).toHaveLength(2)
    expect(sent).toHaveLength(0)

    q = await boot() // killed and reopened, still offline
    expect(q.pending(1).map((a) => a.questionId)).toEqual([10, 11])
    online = true
    const r = await q.flush()
    expect(r).toEqual({ sent: 2, left: 0, failed: false })
    expect(sent[0].answers.map((a) => a.questionId)).toEqual([10, 11])
    expect(q.pending()).toHaveLength(0)
  })

  it('retries with backoff after a network failure', async () => {
    online = false
    const q = await boot()
    q.enqueue({ recordId: 1, questionId: 10, ques: 'A', answeredAt: 100 })
    await settle()
    expect(transport).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(transport).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1000) // backoff doubled: not yet
    expect(transport).toHaveBeenCalledTimes(2)
    online = true
    await vi.advanceTimersByTimeAsync(1000)
    expect(transport).toHaveBeenCalledTimes(3)
    expect(q.pending()).toHaveLength(0)
  })

  it('sends when the network returns and when the app shows again', async () => {
    const Taro = (await import('@tarojs/taro')).default as unknown as {
      __net: ((r: { isConnected: boolean }) => void)[]
      __show: (() => void)[]
    }
    Taro.__net.length = 0
    Taro.__show.length = 0
    online = false
    const q = await boot()
    q.startAnswerSync()
    q.enqueue({ recordId: 2, questionId: 20, ques: 'A', answeredAt: 100 })
    await settle()
    expect(q.pending()).toHaveLength(1)
    online = true
    for (const fn of Taro.__net) fn({ isConnected: true })
    await settle()
    expect(q.pending()).toHaveLength(0)
    expect(sent).toHaveLength(1)

    online = false
    q.enqueue({ recordId: 2, questionId: 21, ques: 'B', answeredAt: 101 })
    await settle()
    online = true
    for (const fn of Taro.__show) fn()
    await settle()
    expect(q.pending()).toHaveLength(0)
    expect(sent.at(-1)?.answers[0].questionId).toBe(21)
  })

  it('keeps only the latest answer per question, and an older one never overwrites it', async () => {
    online = false
    const q = await boot()
    q.enqueue({ recordId: 1, questionId: 10, ques: 'A', answeredAt: 100 })
    q.enqueue({ recordId: 1, questionId: 10, ques: 'B', answeredAt: 101 })
    q.enqueue({ recordId: 1, questionId: 10, ques: 'C', answeredAt: 99 })
    q.enqueue({ recordId: 2, questionId: 10, ques: 'D', answeredAt: 98 })
    await settle()
    expect(q.pending(1)).toEqual([{ recordId: 1, questionId: 10, ques: 'B', answeredAt: 101 }])
    expect(q.pending(2)).toHaveLength(1)
    online = true
    await q.flush()
    const byRecord = Object.fromEntries(sent.map((s) => [s.recordId, s.answers]))
    expect(byRecord[1]).toEqual([{ questionId: 10, ques: 'B', answeredAt: 101 }])
    expect(byRecord[2]).toEqual([{ questionId: 10, ques: 'D', answeredAt: 98 }])
  })

  it('sends in answer order and removes only what the server acknowledged', async () => {
    online = false
    const q = await boot()
    q.enqueue({ recordId: 1, questionId: 12, ques: 'A', answeredAt: 103 })
    q.enqueue({ recordId: 1, questionId: 11, ques: 'A', answeredAt: 102 })
    await settle()
    online = true
    // while the batch is in flight the learner changes question 11: the newer answer must stay
    transport.mockImplementationOnce(async (recordId, answers) => {
      sent.push({ recordId, answers })
      q.enqueue({ recordId: 1, questionId: 11, ques: 'B', answeredAt: 104 })
      return { saved: 2 }
    })
    await q.flush()
    expect(sent[0].answers.map((a) => a.questionId)).toEqual([11, 12])
    await settle()
    await q.flush()
    expect(q.pending()).toHaveLength(0)
    expect(sent.at(-1)?.answers).toEqual([{ questionId: 11, ques: 'B', answeredAt: 104 }])
  })

  it('drops the answers of an attempt the server says is already submitted (611), keeps others', async () => {
    online = false
    const q = await boot()
    q.enqueue({ recordId: 1, questionId: 10, ques: 'A', answeredAt: 100 })
    q.enqueue({ recordId: 2, questionId: 20, ques: 'A', answeredAt: 101 })
    await settle()
    online = true
    transport.mockImplementationOnce(async () => {
      throw new ApiError(611, 'submitted')
    })
    await q.flush()
    expect(q.pending(1)).toHaveLength(0)
    expect(q.pending(2)).toHaveLength(0)
    expect(sent.map((s) => s.recordId)).toEqual([2])
  })

  it('keeps answers on a server error and reports the failure', async () => {
    const q = await boot()
    transport.mockImplementation(async () => {
      throw new ApiError(500, 'boom')
    })
    q.enqueue({ recordId: 1, questionId: 10, ques: 'A', answeredAt: 100 })
    const r = await q.flush()
    expect(r.failed).toBe(true)
    expect(q.pending()).toHaveLength(1)
    transport.mockReset()
  })

  describe('one bad answer never holds back the others', () => {
    const idsSent = (recordId: number) =>
      sent
        .filter((x) => x.recordId === recordId)
        .flatMap((x) => x.answers.map((a) => Number(a.questionId)))
        .sort((x, y) => x - y)
    const nul = (s: unknown) => typeof s === 'string' && s.includes('\u0000')
    /** A server that refuses any batch holding an answer it cannot store (as the edge rule does with a NUL). */
    const refusing = async (recordId: number, answers: Sent['answers']) => {
      const i = answers.findIndex((a) => nul(a.ques))
      if (i >= 0)
        throw new ApiError(400, `answers.${i}.ques: contains a NUL character (U+0000), which cannot be stored`)
      sent.push({ recordId, answers })
      return { saved: answers.length }
    }

    it('a refused answer is set aside with its reason, every other answer is saved, the learner is told', async () => {
      online = false
      const q = await boot()
      const told: number[] = []
      q.onRejected((a) => told.push(a.questionId))
      for (let i = 1; i <= 7; i++)
        q.enqueue({ recordId: 31, questionId: i, ques: i === 5 ? 'x\u0000' : 'A', answeredAt: i })
      await settle()
      online = true
      transport.mockImplementation(refusing)
      const r = await q.flush()
      expect(r.failed).toBe(false)
      expect(q.pending(31)).toHaveLength(0)
      expect(idsSent(31)).toEqual([1, 2, 3, 4, 6, 7])
      expect(q.rejected(31)).toEqual([expect.objectContaining({ questionId: 5, code: 400 })])
      expect(q.rejected(31)[0]!.reason).toContain('answers.0.ques')
      expect(told).toEqual([5])
      // kept across a restart, and answering the question again replaces it
      const again = await boot()
      again.setAnswerTransport(refusing)
      expect(again.rejected(31)).toHaveLength(1)
      again.enqueue({ recordId: 31, questionId: 5, ques: 'B', answeredAt: 9 })
      await again.flush()
      expect(again.rejected(31)).toHaveLength(0)
      expect(sent.at(-1)?.answers).toEqual([{ questionId: 5, ques: 'B', answeredAt: 9 }])
      transport.mockReset()
      again.drop(31)
    })

    it('a server error of one answer is set aside only while other answers get through', async () => {
      online = false
      const q = await boot()
      for (let i = 1; i <= 4; i++)
        q.enqueue({ recordId: 31, questionId: i, ques: i === 2 ? '\ud83d' : 'A', answeredAt: i })
      await settle()
      online = true
      // as the server did before its edge rule: a lone surrogate in a JSON column was a 500
      const poisoned = async (recordId: number, answers: Sent['answers']) => {
        if (answers.some((a) => a.ques === '\ud83d')) throw new ApiError(500, 'internal server error')
        sent.push({ recordId, answers })
        return { saved: answers.length }
      }
      transport.mockImplementation(poisoned)
      let r = await q.flush()
      // the others are saved at once; the bad one waits for its retries
      expect(idsSent(31)).toEqual([1, 3, 4])
      expect(r.failed).toBe(true)
      expect(q.pending(31).map((a) => a.questionId)).toEqual([2])
      // the learner goes on answering: while those are saved, the bad answer's errors count
      for (let i = 1; i < q.REJECT_AFTER_SERVER_ERRORS; i++) {
        q.enqueue({ recordId: 31, questionId: 3, ques: i % 2 ? 'B' : 'C', answeredAt: 10 + i })
        r = await q.flush()
      }
      expect(q.pending(31)).toHaveLength(0)
      expect(q.rejected(31)).toEqual([expect.objectContaining({ questionId: 2, code: 500 })])

      // a server that fails everything is down: nothing is ever set aside, everything waits
      const down = await boot()
      down.setAnswerTransport(async () => {
        throw new ApiError(502, 'bad gateway')
      })
      for (let i = 20; i < 25; i++) down.enqueue({ recordId: 2, questionId: i, ques: 'A', answeredAt: i })
      for (let i = 0; i < 6; i++) await down.flush()
      expect(down.pending(2)).toHaveLength(5)
      expect(down.rejected(2)).toHaveLength(0)
      transport.mockReset()
      down.drop(2)
      down.drop(31)
    })
  })

  it('batches at most BATCH_SIZE answers per call', async () => {
    online = false
    const q = await boot()
    for (let i = 1; i <= q.BATCH_SIZE + 5; i++) q.enqueue({ recordId: 1, questionId: i, ques: 'A', answeredAt: i })
    await settle()
    online = true
    await q.flush()
    expect(sent.map((s) => s.answers.length)).toEqual([q.BATCH_SIZE, 5])
    expect(q.pending()).toHaveLength(0)
  })

  it('remembers the question the learner was on across a restart', async () => {
    let q = await boot()
    q.savePosition(7, 4)
    q = await boot()
    expect(q.position(7)).toBe(4)
    expect(q.position(8)).toBeNull()
  })
})

describe('wrong-book reviews in the outbox', () => {
  const reviews: number[] = []
  const review = vi.fn(async (a: { questionId: number }) => {
    if (!online) throw new ApiError(-1, 'offline')
    if (a.questionId === 99) throw new ApiError(404, 'not in the book')
    reviews.push(a.questionId)
    return { inBook: true }
  })

  beforeEach(() => {
    reviews.length = 0
    review.mockClear()
  })

  it('keeps a review given offline through a restart and sends it with the review call when back', async () => {
    online = false
    let q = await boot()
    q.setAnswerTransport(transport, review)
    q.enqueue({ recordId: q.REVIEW, questionId: 7, ques: 'A', answeredAt: 100 })
    await settle()
    expect(q.pending(q.REVIEW)).toHaveLength(1)

    q = await boot()
    q.setAnswerTransport(transport, review)
    online = true
    const r = await q.flush()
    expect(r).toEqual({ sent: 1, left: 0, failed: false })
    expect(reviews).toEqual([7])
    expect(transport).not.toHaveBeenCalled() // reviews never go to an attempt's save call
  })

  it('drops a review the server refuses for good, keeps the others', async () => {
    const q = await boot()
    q.setAnswerTransport(transport, review)
    online = false
    q.enqueue({ recordId: q.REVIEW, questionId: 99, ques: 'A', answeredAt: 100 })
    q.enqueue({ recordId: q.REVIEW, questionId: 8, ques: 'B', answeredAt: 101 })
    await settle()
    online = true
    await q.flush()
    expect(reviews).toEqual([8])
    expect(q.pending()).toHaveLength(0)
  })
})
