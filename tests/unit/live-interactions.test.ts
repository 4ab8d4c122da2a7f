/**
 * The live client's interactions (src/features/live/interactions/*.ts) against a socket double: what a learner sends
 * for each interaction, what the room state becomes on the server's events and acks, the server-clock countdowns,
 * and the courtesy checks that refuse at once (with the catalogue's words) without sending anything.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatUser } from '../../contract/schemas/live-codes'
import type { ActiveInteractions, LiveQuestion } from '../../contract/schemas/live-interactions'
import {
  createLiveClient,
  type LiveClient,
  type LiveClientOptions,
  type LiveEvent,
} from '../../src/features/live/chat/client'
import { verdictOf } from '../../src/features/live/interactions/room'
import { setLocale } from '../../src/i18n'
import { FakeSocket, ME, snapshot, TEACHER } from './live-fake-socket'

const NOW = 1_700_000_000_000
/** the server's clock runs this far ahead of the device's */
const SKEW = 90_000
const OTHER: ChatUser = { userId: 8, nick: 'Wang', pic: '', userType: 'student', actor: 'student' }

interface Rig {
  client: LiveClient
  socket: () => FakeSocket
  toasts: string[]
  events: LiveEvent[]
}

const NONE: ActiveInteractions = { checkin: null, questionnaire: null, test: null, micOpen: false, mutedAll: false }

function rig(over: Partial<LiveClientOptions> = {}, active: Partial<ActiveInteractions> = {}): Rig {
  const sockets: FakeSocket[] = []
  const toasts: string[] = []
  const client = createLiveClient({
    userId: 7,
    channelId: 5,
    sessionId: 50,
    roomId: '1001:5:50',
    userName: 'Me',
    avatarUrl: '',
    origin: 'https://api.example.com',
    namespace: '/chat',
    path: '/socket.io',
    fetchToken: async () => 'token',
    fetchHistory: async () => [],
    serverClock: async () => Date.now() + SKEW,
    socketFactory: (url, path) => {
      const s = new FakeSocket(url, path)
      s.reply = (e) =>
        e.EVENT === 'LOGIN' ? { ok: true, room: snapshot({ active: { ...NONE, ...active } }) } : { ok: true }
      sockets.push(s)
      return s
    },
    toast: (text) => toasts.push(text),
    now: () => Date.now(),
    ...over,
  })
  const events: LiveEvent[] = []
  client.onEvent((e) => events.push(e))
  return { client, socket: () => sockets[sockets.length - 1]!, toasts, events }
}

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

async function online(r: Rig) {
  r.client.start()
  r.socket().open()
  await settle()
  expect(r.client.getState().status).toBe('online')
}

/** answer the next sends of `event` with `ack` */
function answer(r: Rig, event: string, ack: object) {
  const prev = r.socket().reply
  r.socket().reply = (e) => (e.EVENT === event ? (ack as ReturnType<FakeSocket['reply']>) : prev(e))
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
})
afterEach(async () => {
  vi.useRealTimers()
  await setLocale('zh-CN')
})

describe('the server clock', () => {
  it('measures the offset on login, so a countdown runs on the server’s time, not the phone’s', async () => {
    const r = rig()
    await online(r)
    expect(r.client.ix.getState().clockOffset).toBe(SKEW)
    expect(r.client.ix.serverNow()).toBe(NOW + SKEW)
    // the check-in ends 30 s from the SERVER's now: on the device clock that is NOW + SKEW + 30 s
    r.socket().push('SIGN_IN', { checkinId: 3, message: 'sign please', endsAt: NOW + SKEW + 30_000 })
    vi.advanceTimersByTime(29_900)
    expect(r.client.ix.getState().checkin?.checkinId).toBe(3)
    vi.advanceTimersByTime(200)
    // at zero the card closes by itself
    expect(r.client.ix.getState().checkin).toBeNull()
  })

  it('keeps the device clock when the server time cannot be read', async () => {
    const r = rig({ serverClock: async () => Promise.reject(new Error('offline')) })
    await online(r)
    expect(r.client.ix.getState().clockOffset).toBe(0)
  })
})

describe('check-in', () => {
  it('signs once, shows signed, and closes on STOP_SIGN_IN', async () => {
    const r = rig()
    await online(r)
    r.socket().push('SIGN_IN', { checkinId: 3, message: '上课签到', endsAt: NOW + SKEW + 60_000 })
    expect(r.client.ix.getState().checkin).toMatchObject({ checkinId: 3, message: '上课签到', signed: false })
    const done = await r.client.ix.sign()
    expect(done.ok).toBe(true)
    expect(r.socket().events('TO_SIGN_IN')).toEqual([{ EVENT: 'TO_SIGN_IN', checkinId: 3 }])
    expect(r.client.ix.getState().checkin?.signed).toBe(true)
    expect(r.toasts).toContain('签到成功')
    // a second tap sends nothing
    await r.client.ix.sign()
    expect(r.socket().events('TO_SIGN_IN')).toHaveLength(1)
    r.socket().push('STOP_SIGN_IN', { checkinId: 3, signed: 12 })
    expect(r.client.ix.getState().checkin).toBeNull()
  })

  it('a late joiner sees the running check-in (and whether they signed) from the snapshot', async () => {
    const r = rig({}, { checkin: { checkinId: 9, message: 'late', endsAt: NOW + SKEW + 20_000, signed: true } })
    await online(r)
    expect(r.client.ix.getState().checkin).toMatchObject({ checkinId: 9, signed: true })
  })

  it('a refused sign (the server says it is over) closes the card with the reason', async () => {
    const r = rig()
    await online(r)
    r.socket().push('SIGN_IN', { checkinId: 3, message: '', endsAt: NOW + SKEW + 60_000 })
    answer(r, 'TO_SIGN_IN', { ok: false, code: 'OVER', message: 'this check-in is over' })
    const res = await r.client.ix.sign()
    expect(res).toMatchObject({ ok: false, code: 'OVER', message: '签到已结束' })
    expect(r.client.ix.getState().checkin).toBeNull()
  })
})

describe('questionnaire', () => {
  const items = [
    { type: 'single' as const, title: 'Pace?', options: ['slow', 'ok', 'fast'] },
    { type: 'multiple' as const, title: 'Topics', options: ['fire', 'height', 'power'] },
    { type: 'text' as const, title: 'Anything else' },
  ]

  it('checks every answer on the device, submits once, then shows the results the teacher shares', async () => {
    const r = rig()
    await online(r)
    r.socket().push('START_QUESTIONNAIRE', { questionnaireId: 4, title: 'Feedback', items })
    expect(r.events).toContainEqual({ type: 'questionnaire', questionnaireId: 4 })
    // the text item left empty: refused with its number, nothing sent
    const empty = await r.client.ix.answerQuestionnaire([{ options: [1] }, { options: [0, 2] }, { text: '  ' }])
    expect(empty).toMatchObject({ ok: false, message: '请填写第 3 题' })
    // two options on a single-choice item
    const two = await r.client.ix.answerQuestionnaire([{ options: [0, 1] }, { options: [0] }, { text: 'x' }])
    expect(two).toMatchObject({ ok: false, message: '请为第 1 题选择答案' })
    expect(r.socket().events('ANSWER_QUESTIONNAIRE')).toHaveLength(0)

    const ok = await r.client.ix.answerQuestionnaire([{ options: [1] }, { options: [2, 0, 2] }, { text: ' more <b> ' }])
    expect(ok.ok).toBe(true)
    expect(r.socket().events('ANSWER_QUESTIONNAIRE')).toEqual([
      {
        EVENT: 'ANSWER_QUESTIONNAIRE',
        questionnaireId: 4,
        answers: [{ options: [1] }, { options: [0, 2] }, { text: 'more <b>' }],
      },
    ])
    expect(r.client.ix.getState().questionnaire?.status).toBe('submitted')
    await r.client.ix.answerQuestionnaire([{ options: [1] }, { options: [0] }, { text: 'again' }])
    expect(r.socket().events('ANSWER_QUESTIONNAIRE')).toHaveLength(1)

    const result = {
      questionnaireId: 4,
      answered: 10,
      items: [
        { type: 'single', counts: [1, 6, 3] },
        { type: 'multiple', counts: [7, 2, 5] },
        { type: 'text', texts: ['more <b>'] },
      ],
    }
    r.socket().push('STOP_QUESTIONNAIRE', { questionnaireId: 4, result })
    expect(r.client.ix.getState().questionnaire).toMatchObject({ status: 'closed', result })
  })

  it('goes away when stopped without results; ALREADY counts as submitted', async () => {
    const r = rig()
    await online(r)
    r.socket().push('START_QUESTIONNAIRE', { questionnaireId: 5, title: 'Q', items: [items[0]] })
    answer(r, 'ANSWER_QUESTIONNAIRE', { ok: false, code: 'ALREADY', message: 'you did that already' })
    expect((await r.client.ix.answerQuestionnaire([{ options: [0] }])).ok).toBe(true)
    expect(r.client.ix.getState().questionnaire?.status).toBe('submitted')
    r.socket().push('STOP_QUESTIONNAIRE', { questionnaireId: 5, result: null })
    expect(r.client.ix.getState().questionnaire).toBeNull()
  })
})

describe('answer card', () => {
  const content = (over = {}) => ({
    testId: 11,
    questionId: 301,
    quesType: 2,
    stem: 'Which are fire classes?',
    options: [
      ['A', 'A fire'],
      ['B', 'B fire'],
      ['C', 'C fire'],
      ['D', 'none'],
    ],
    endsAt: NOW + SKEW + 30_000,
    ...over,
  })

  it('sends the chosen labels once, then shows right answer, my verdict, right rate and distribution', async () => {
    const r = rig()
    await online(r)
    r.socket().push('GET_TEST_QUESTION_CONTENT', content())
    expect(r.events).toContainEqual({ type: 'test', testId: 11 })
    expect((await r.client.ix.answerTest([])).message).toBe('请选择答案')
    expect((await r.client.ix.answerTest(['C', 'A', 'Z']))?.ok).toBe(true)
    expect(r.socket().events('ANSWER_TEST_QUESTION')).toEqual([
      { EVENT: 'ANSWER_TEST_QUESTION', testId: 11, option: ['A', 'C'] },
    ])
    await r.client.ix.answerTest(['A'])
    expect(r.socket().events('ANSWER_TEST_QUESTION')).toHaveLength(1)
    r.socket().push('GET_TEST_QUESTION_RESULT', {
      testId: 11,
      questionId: 301,
      answer: ['A', 'B', 'C'],
      analysis: '',
      answered: 4,
      right: 1,
      rightRate: 0.25,
      distribution: { A: 4, B: 1, C: 3, D: 0 },
    })
    const card = r.client.ix.getState().test
    expect(card?.result?.rightRate).toBe(0.25)
    // a subset of the right options: partly right (shared/rules/scoring.ts)
    expect(card?.verdict).toBe('partial')
    expect(r.events).toContainEqual({ type: 'testResult', testId: 11 })
  })

  it('takes one label for single choice and refuses after the time is up (server clock) without sending', async () => {
    const r = rig()
    await online(r)
    r.socket().push('GET_TEST_QUESTION_CONTENT', content({ quesType: 1 }))
    expect((await r.client.ix.answerTest(['A', 'B'])).message).toBe('这道题只能选一个答案')
    vi.advanceTimersByTime(30_001)
    expect((await r.client.ix.answerTest(['A'])).message).toBe('答题已结束')
    expect(r.socket().events('ANSWER_TEST_QUESTION')).toHaveLength(0)
  })

  it('judges like the scoring rules', () => {
    expect(verdictOf(1, ['B'], ['B'])).toBe('right')
    expect(verdictOf(3, ['A'], ['B'])).toBe('wrong')
    expect(verdictOf(2, ['A', 'D'], ['A', 'B'])).toBe('wrong')
    expect(verdictOf(2, ['B', 'A'], ['A', 'B'])).toBe('right')
    expect(verdictOf(2, null, ['A'])).toBe('none')
  })
})

describe('lottery', () => {
  it('draws, names the winners, and lets a winner send the claim form once', async () => {
    const r = rig()
    await online(r)
    r.socket().push('LOTTERY_START', { lotteryId: 6, prize: 'A book', winnerCount: 2, drawAt: NOW + SKEW + 3000 })
    expect(r.client.ix.getState().lottery).toMatchObject({ phase: 'drawing', prize: 'A book' })
    r.socket().push('ON_LOTTERY', { lotteryId: 6, prize: 'A book', winners: [OTHER, ME] })
    r.socket().push('LOTTERY_END', { lotteryId: 6 })
    expect(r.client.ix.getState().lottery).toMatchObject({ phase: 'drawn', won: true, claim: 'none' })
    expect(r.events).toContainEqual({ type: 'lotteryDrawn', lotteryId: 6, won: true })
    // the app's phone rule (spec §5), before anything is sent
    const bad = await r.client.ix.claim({ name: 'Li', phone: '12800000000', address: 'Road 1' })
    expect(bad).toMatchObject({ ok: false, message: '请输入正确的手机号' })
    expect(r.socket().events('LOTTERY_CLAIM')).toHaveLength(0)
    const ok = await r.client.ix.claim({ name: ' Li Lei ', phone: '13812345678', address: ' Road 1 ' })
    expect(ok.ok).toBe(true)
    expect(r.socket().events('LOTTERY_CLAIM')).toEqual([
      { EVENT: 'LOTTERY_CLAIM', lotteryId: 6, name: 'Li Lei', phone: '13812345678', address: 'Road 1' },
    ])
    expect(r.client.ix.getState().lottery?.claim).toBe('sent')
    await r.client.ix.claim({ name: 'x', phone: '13812345678', address: 'y' })
    expect(r.socket().events('LOTTERY_CLAIM')).toHaveLength(1)
  })

  it('a learner who did not win is told so and has no form', async () => {
    const r = rig()
    await online(r)
    r.socket().push('LOTTERY_START', { lotteryId: 7, prize: 'Pen', winnerCount: 1, drawAt: NOW + SKEW + 3000 })
    r.socket().push('ON_LOTTERY', { lotteryId: 7, prize: 'Pen', winners: [OTHER] })
    expect(r.client.ix.getState().lottery).toMatchObject({ won: false })
    expect((await r.client.ix.claim({ name: 'a', phone: '13812345678', address: 'b' })).ok).toBe(false)
    expect(r.socket().events('LOTTERY_CLAIM')).toHaveLength(0)
    r.client.ix.dismissLottery()
    expect(r.client.ix.getState().lottery).toBeNull()
  })
})

describe('points: packets, rewards, flowers', () => {
  it('grabs a packet: points won (and the new balance), the feed, or all gone', async () => {
    const r = rig()
    await online(r)
    r.socket().push('REDPAPER', { redpaperId: 21, user: TEACHER, totalPoints: 100, count: 2, greeting: 'Hi' })
    expect(r.events).toContainEqual({ type: 'redpaper', redpaperId: 21 })
    expect(r.client.ix.getState().system.at(-1)).toMatchObject({ kind: 'redpaper', redpaperId: 21 })
    answer(r, 'GRAB_REDPAPER', { ok: true, data: { points: 37, balance: 137 } })
    await r.client.ix.grab(21)
    expect(r.socket().events('GRAB_REDPAPER')).toEqual([{ EVENT: 'GRAB_REDPAPER', redpaperId: 21 }])
    expect(r.client.ix.packet(21)?.grab).toEqual({ state: 'won', points: 37 })
    expect(r.client.ix.getState().points.balance).toBe(137)
    r.socket().push('REDPAPER_GRABBED', { redpaperId: 21, user: OTHER, points: 63, left: 0 })
    expect(r.client.ix.packet(21)).toMatchObject({ left: 0, grabs: [{ user: OTHER, points: 63 }] })

    r.socket().push('REDPAPER', { redpaperId: 22, user: TEACHER, totalPoints: 5, count: 1, greeting: '' })
    answer(r, 'GRAB_REDPAPER', { ok: true, data: { points: 0 } })
    await r.client.ix.grab(22)
    expect(r.client.ix.packet(22)?.grab.state).toBe('gone')
    await r.client.ix.grab(22)
    expect(r.socket().events('GRAB_REDPAPER')).toHaveLength(2)
  })

  it('rewards the lecturer with own points; a short balance is refused clearly', async () => {
    const r = rig({ fetchBalance: async () => 3 })
    await online(r)
    expect(await r.client.ix.loadBalance()).toBe(3)
    const short = await r.client.ix.reward(5)
    expect(short).toMatchObject({ ok: false, code: 'POINTS', message: '积分不足，你现在有 3 积分' })
    expect(r.socket().events('REWARD')).toHaveLength(0)
    // the server's word wins when the device thought there was enough
    answer(r, 'REWARD', { ok: false, code: 'POINTS', message: 'not enough points' })
    expect(await r.client.ix.reward(2)).toMatchObject({ ok: false, code: 'POINTS', message: '积分不足，无法打赏' })
    answer(r, 'REWARD', { ok: true, data: { balance: 1 } })
    expect((await r.client.ix.reward(2)).ok).toBe(true)
    expect(r.socket().events('REWARD').at(-1)).toEqual({ EVENT: 'REWARD', points: 2 })
    expect(r.client.ix.getState().points.balance).toBe(1)
    r.socket().push('REWARD', { user: ME, points: 2 })
    expect(r.client.ix.getState().system.at(-1)).toMatchObject({ kind: 'reward', points: 2, user: ME })
  })

  it('sends flowers at most every 10 s and shows everyone’s as a system line with an animation', async () => {
    const r = rig()
    await online(r)
    expect((await r.client.ix.sendFlowers()).ok).toBe(true)
    expect(r.socket().events('FLOWERS')).toEqual([{ EVENT: 'FLOWERS' }])
    vi.advanceTimersByTime(4000)
    expect(await r.client.ix.sendFlowers()).toMatchObject({ ok: false, message: '送花太频繁，6 秒后再送' })
    expect(r.socket().events('FLOWERS')).toHaveLength(1)
    vi.advanceTimersByTime(6000)
    expect((await r.client.ix.sendFlowers()).ok).toBe(true)
    r.socket().push('FLOWERS', { user: OTHER, total: 9 })
    expect(r.client.ix.getState().system.at(-1)).toMatchObject({ kind: 'flowers', user: OTHER })
    expect(r.client.ix.getState().flowers.total).toBe(9)
    expect(r.events).toContainEqual({ type: 'flowers', user: OTHER, mine: false })
  })
})

describe('questions to the lecturer', () => {
  const q = (over: Partial<LiveQuestion> = {}): LiveQuestion => ({
    questionId: 40,
    user: ME,
    content: 'why?',
    time: NOW,
    answer: '',
    answeredBy: null,
    answeredAt: 0,
    public: false,
    upvotes: 0,
    upvoted: false,
    ...over,
  })

  it('asks with the chat rules (trim, length, 3 s) and shows my question at once', async () => {
    const r = rig()
    await online(r)
    expect(await r.client.ix.ask('   ')).toMatchObject({ ok: false, message: '请输入问题' })
    expect(await r.client.ix.ask('x'.repeat(501))).toMatchObject({ ok: false, message: '问题不能超过 500 个字' })
    answer(r, 'S_QUESTION', { ok: true, data: { questionId: 40 } })
    expect((await r.client.ix.ask('  why <this>? ')).ok).toBe(true)
    expect(r.socket().events('S_QUESTION')).toEqual([{ EVENT: 'S_QUESTION', content: 'why <this>?' }])
    expect(r.client.ix.getState().questions.list[0]).toMatchObject({ questionId: 40, content: 'why &lt;this&gt;?' })
    // the spec's text for a second question within 3 s is the chat's (spec: 'same for a question')
    expect(await r.client.ix.ask('again')).toMatchObject({ ok: false, message: '您发言过快，请稍后再试' })
    vi.advanceTimersByTime(3000)
    expect((await r.client.ix.ask('again')).ok).toBe(true)
  })

  it('an answer to mine puts a badge on the tab; public questions are upvoted once, never my own', async () => {
    const r = rig()
    await online(r)
    answer(r, 'QUESTION_LIST', {
      ok: true,
      data: { list: [q({ questionId: 42, user: OTHER, public: true, answer: 'because', upvotes: 2 }), q()] },
    })
    await r.client.ix.loadQuestions()
    expect(r.socket().events('QUESTION_LIST')).toEqual([{ EVENT: 'QUESTION_LIST', page: 1 }])
    expect(r.client.ix.getState().questions.list.map((x) => x.questionId)).toEqual([42, 40])

    r.socket().push('T_ANSWER', q({ answer: 'see page 3', answeredBy: TEACHER, answeredAt: NOW }))
    expect(r.client.ix.getState().questions.unread).toBe(1)
    expect(r.toasts).toContain('讲师回答了你的问题')
    expect(r.client.ix.getState().questions.list[1]?.answer).toBe('see page 3')
    r.client.ix.markQuestionsRead()
    expect(r.client.ix.getState().questions.unread).toBe(0)

    answer(r, 'QUESTION_UPVOTE', { ok: true, data: { upvotes: 3 } })
    await r.client.ix.upvote(42)
    await r.client.ix.upvote(42)
    await r.client.ix.upvote(40)
    expect(r.socket().events('QUESTION_UPVOTE')).toEqual([{ EVENT: 'QUESTION_UPVOTE', questionId: 42 }])
    expect(r.client.ix.getState().questions.list[0]).toMatchObject({ upvotes: 3, upvoted: true })
    r.socket().push('QUESTION_UPVOTE', { questionId: 42, upvotes: 4 })
    expect(r.client.ix.getState().questions.list[0]?.upvotes).toBe(4)
  })
})

describe('microphone', () => {
  it('raise-hand only while open; allowed without a media path says why and never goes on air', async () => {
    const r = rig()
    await online(r)
    expect(await r.client.ix.raiseHand()).toMatchObject({ ok: false, message: '讲师尚未开放连麦' })
    expect(r.socket().events('OPEN_MICROPHONE')).toHaveLength(0)
    r.socket().push('MIC_SWITCH', { open: true })
    expect((await r.client.ix.raiseHand()).ok).toBe(true)
    expect(r.socket().events('OPEN_MICROPHONE')).toEqual([{ EVENT: 'OPEN_MICROPHONE' }])
    expect(r.client.ix.getState().mic.phase).toBe('requested')
    r.socket().push('ALLOW_MICROPHONE', {
      userId: ME.userId,
      deadline: NOW + SKEW + 20_000,
      mediaAvailable: false,
      reason: 'no SFU here',
    })
    await settle()
    expect(r.client.ix.getState().mic).toMatchObject({ phase: 'allowed', mediaAvailable: false, reason: 'no SFU here' })
    expect((await r.client.ix.joinMic()).ok).toBe(false)
    expect(r.socket().events('JOIN_SUCCESS')).toHaveLength(0)
    r.socket().push('JOIN_CHANNEL_FAIL', { userId: ME.userId })
    expect(r.client.ix.getState().mic.phase).toBe('failed')
  })

  it('joins where a media path exists, then leaves; the lecturer’s mutes are shown', async () => {
    const joinMedia = vi.fn(async () => true)
    const r = rig({ joinMedia }, { micOpen: true, mutedAll: true })
    await online(r)
    expect(r.client.ix.getState().control.mutedAll).toBe(true)
    await r.client.ix.raiseHand()
    r.socket().push('ALLOW_MICROPHONE', {
      userId: ME.userId,
      deadline: NOW + SKEW + 20_000,
      mediaAvailable: true,
      reason: '',
    })
    await settle()
    expect(joinMedia).toHaveBeenCalledWith({ deadline: NOW + SKEW + 20_000 })
    expect(r.socket().events('JOIN_SUCCESS')).toEqual([{ EVENT: 'JOIN_SUCCESS' }])
    expect(r.client.ix.getState().mic.phase).toBe('joined')
    r.socket().push('CLASSCONTROL', { kind: 'audio', mute: true, userId: ME.userId })
    r.socket().push('CLASSCONTROL', { kind: 'audio', mute: false, userId: null })
    r.socket().push('CLASSCONTROL', { kind: 'video', mute: true, userId: OTHER.userId })
    expect(r.client.ix.getState().control).toMatchObject({ audioMuted: true, mutedAll: false, videoMuted: false })
    await r.client.ix.cancelMic()
    expect(r.socket().events('CANCEL_MICROPHONE')).toHaveLength(1)
    expect(r.client.ix.getState().mic.phase).toBe('cancelled')
  })

  it('gives up on its own a little after the deadline when the server’s word is lost', async () => {
    const r = rig({}, { micOpen: true })
    await online(r)
    await r.client.ix.raiseHand()
    r.socket().push('ALLOW_MICROPHONE', {
      userId: ME.userId,
      deadline: NOW + SKEW + 20_000,
      mediaAvailable: false,
      reason: '',
    })
    await settle()
    vi.advanceTimersByTime(22_000)
    expect(r.client.ix.getState().mic.phase).toBe('allowed')
    vi.advanceTimersByTime(1100)
    expect(r.client.ix.getState().mic.phase).toBe('failed')
  })
})

describe('refusals', () => {
  it('a moderator in the app is told they run interactions from the console', async () => {
    const r = rig()
    r.client.start()
    r.socket().reply = (e) =>
      e.EVENT === 'LOGIN'
        ? { ok: true, room: snapshot({ me: TEACHER, active: NONE }) }
        : { ok: false, code: 'FORBIDDEN', message: 'moderators run interactions' }
    r.socket().open()
    await settle()
    expect(r.client.ix.getState().moderator).toBe(true)
    expect(await r.client.ix.sendFlowers()).toMatchObject({
      ok: false,
      message: '老师和助教在控制台发起互动，不参与作答',
    })
  })

  it('the playback room ignores interaction events', async () => {
    const r = rig({ playback: true })
    await online(r)
    r.socket().push('SIGN_IN', { checkinId: 3, message: '', endsAt: NOW + 60_000 })
    expect(r.client.ix.getState().checkin).toBeNull()
  })

  it('English texts', async () => {
    await setLocale('en')
    const r = rig()
    await online(r)
    expect(await r.client.ix.ask('')).toMatchObject({ message: 'Please type a question' })
    expect(await r.client.ix.raiseHand()).toMatchObject({ message: 'The lecturer has not opened the mic' })
  })
})
