/**
 * The live room's interactions as a learner sees and uses them (pages3/live/detail with the real client over a
 * socket double): the check-in card, the answer card and its result, the questionnaire, the lottery with the claim
 * form, a points packet, the reward sheet, flowers, the questions tab with its badge, and the microphone.
 */
import Taro from '@tarojs/taro'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatUser } from '../../contract/schemas/live-codes'
import type { FakeSocket } from '../unit/live-fake-socket'
import { memoryStorage, setRouter } from '../unit/taro-double'
import { detail } from './live-fixtures'

const h = vi.hoisted(() => ({ sockets: [] as FakeSocket[] }))

vi.mock('@/services/live/socket', async () => {
  const { FakeSocket } = await import('../unit/live-fake-socket')
  return {
    openSocket: (url: string, path: string) => {
      const s = new FakeSocket(url, path)
      h.sockets.push(s)
      return s
    },
  }
})
vi.mock('@/features/live/room/player', async () => {
  const { forwardRef, createElement } = await import('react')
  return { default: forwardRef(() => createElement('div', { className: 'fake-player' })) }
})
vi.mock('@/features/live/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/live/api')>()),
  channelDetail: vi.fn(),
  chatHistory: vi.fn(),
}))
vi.mock('@/services/api/common', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/common')>()),
  getSysTime: vi.fn(),
}))
vi.mock('@/features/live/points/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/live/points/api')>()),
  pointsBalance: vi.fn(),
}))
vi.mock('@/services/upload', () => ({ chooseAndUploadImages: vi.fn() }))
vi.mock('@/services/api/account-extra', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/services/api/account-extra')>()),
  beforeAddress: vi.fn(),
}))

const api = await import('@/features/live/api')
const common = await import('@/services/api/common')
const points = await import('@/features/live/points/api')
const extra = await import('@/services/api/account-extra')
const { default: LiveRoom } = await import('@/features/live/room/detail')
const { snapshot, ME, TEACHER } = await import('../unit/live-fake-socket')

const OTHER: ChatUser = { userId: 8, nick: 'Wang', pic: '', userType: 'student', actor: 'student' }
const socket = () => h.sockets[h.sockets.length - 1]!

function q(c: ParentNode, sel: string): HTMLElement {
  const el = c.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  return el as HTMLElement
}

function type(c: ParentNode, sel: string, value: string) {
  const host = q(c, sel)
  const el = (host.querySelector('input, textarea') ?? host) as HTMLInputElement
  el.value = value
  fireEvent.input(el, { target: { value }, detail: { value } })
  host.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }))
}

async function enter(reply?: FakeSocket['reply']) {
  const view = render(<LiveRoom />)
  await waitFor(() => expect(h.sockets).toHaveLength(1))
  if (reply) socket().reply = reply
  await act(async () => {
    socket().open()
  })
  await waitFor(() => expect(socket().events('LOGIN')).toHaveLength(1))
  await waitFor(() => expect(view.container.querySelector('.lv-actions')).not.toBeNull())
  return view
}

/** answer `event` with `ack`, everything else as the double does */
function answer(event: string, ack: object) {
  const prev = socket().reply
  socket().reply = (e) => (e.EVENT === event ? (ack as ReturnType<FakeSocket['reply']>) : prev(e))
}

const push = (event: string, body: object = {}) => act(() => socket().push(event, body))

beforeEach(() => {
  h.sockets.length = 0
  Element.prototype.scrollIntoView = () => undefined
  memoryStorage.set('user_account', JSON.stringify('13800000000'))
  setRouter('/pages3/live/detail', { channelId: '5', sessionId: '50' })
  vi.mocked(api.channelDetail).mockResolvedValue(detail())
  vi.mocked(api.chatHistory).mockResolvedValue([])
  vi.mocked(extra.beforeAddress).mockResolvedValue(null)
  vi.mocked(common.getSysTime).mockImplementation(async () => Math.floor(Date.now() / 1000))
  vi.mocked(points.pointsBalance).mockResolvedValue(10)
})
afterEach(() => cleanup())

describe('check-in', () => {
  it('shows the message and the time left, signs once and closes when the teacher stops it', async () => {
    const { container } = await enter()
    push('SIGN_IN', { checkinId: 3, message: '上课签到 &lt;1&gt;', endsAt: Date.now() + 65_000 })
    await waitFor(() => expect(container.querySelector('.lv-checkin')).not.toBeNull())
    expect(q(container, '.lv-checkin-message').textContent).toBe('上课签到 <1>')
    expect(q(container, '.lv-checkin-left').textContent).toMatch(/^剩余 01:0[45]$/)
    await act(async () => {
      fireEvent.click(q(container, '.lv-checkin-sign'))
    })
    expect(socket().events('TO_SIGN_IN')).toEqual([{ EVENT: 'TO_SIGN_IN', checkinId: 3 }])
    await waitFor(() => expect(q(container, '.lv-checkin-signed').textContent).toBe('已签到'))
    expect(container.querySelector('.lv-checkin-sign')).toBeNull()
    push('STOP_SIGN_IN', { checkinId: 3, signed: 5 })
    await waitFor(() => expect(container.querySelector('.lv-checkin')).toBeNull())
  })

  it('a learner entering late sees the running check-in', async () => {
    const { container } = await enter((e) =>
      e.EVENT === 'LOGIN'
        ? {
            ok: true,
            room: snapshot({
              active: {
                checkin: { checkinId: 4, message: 'late', endsAt: Date.now() + 30_000, signed: false },
                questionnaire: null,
                test: null,
                micOpen: false,
                mutedAll: false,
              },
            }),
          }
        : { ok: true },
    )
    await waitFor(() => expect(q(container, '.lv-checkin-message').textContent).toBe('late'))
  })
})

describe('answer card', () => {
  const content = {
    testId: 11,
    questionId: 301,
    quesType: 1,
    stem: '<p>Which extinguisher for oil?</p>',
    options: [
      ['A', 'Water'],
      ['B', 'Foam'],
      ['C', 'None'],
    ],
  }

  it('opens with the question, sends one answer, then shows the right answer, my result and the distribution', async () => {
    const { container } = await enter()
    push('GET_TEST_QUESTION_CONTENT', { ...content, endsAt: Date.now() + 30_000 })
    await waitFor(() => expect(container.querySelector('.lv-sheet-test')).not.toBeNull())
    expect(q(container, '.lv-test-type').textContent).toBe('单选题')
    // RichText is a web component that fills itself in after it upgrades: on a busy machine that is a tick later
    await waitFor(() => expect(q(container, '.lv-test-stem').textContent).toContain('Which extinguisher for oil?'))
    expect(q(container, '.lv-test-submit').className).toContain('is-disabled')
    fireEvent.click(q(container, '.lv-test-option-A'))
    fireEvent.click(q(container, '.lv-test-option-B'))
    // single choice: the second tap replaces the first
    expect(q(container, '.lv-test-option-A').className).not.toContain('is-on')
    await act(async () => {
      fireEvent.click(q(container, '.lv-test-submit'))
    })
    expect(socket().events('ANSWER_TEST_QUESTION')).toEqual([
      { EVENT: 'ANSWER_TEST_QUESTION', testId: 11, option: ['B'] },
    ])
    await waitFor(() => expect(q(container, '.lv-test-submitted').textContent).toBe('已提交，等待老师公布答案'))
    push('GET_TEST_QUESTION_RESULT', {
      testId: 11,
      questionId: 301,
      answer: ['B'],
      analysis: 'Foam smothers it.',
      answered: 4,
      right: 3,
      rightRate: 0.75,
      distribution: { A: 1, B: 3, C: 0 },
    })
    await waitFor(() => expect(q(container, '.lv-test-verdict').textContent).toBe('回答正确'))
    expect(q(container, '.lv-test-right-answer').textContent).toBe('正确答案：B')
    expect(q(container, '.lv-test-my-answer').textContent).toBe('我的答案：B')
    expect(q(container, '.lv-test-rate').textContent).toBe('75%')
    expect(q(container, '.lv-test-dist-B .lv-share-value').textContent).toBe('3 · 75%')
    expect(q(container, '.lv-test-dist-B').className).toContain('is-right')
    expect(q(container, '.lv-test-counts').textContent).toBe('4 人作答，3 人答对')
    // closed after the result: gone from the dock too
    fireEvent.click(q(container, '.lv-sheet-close'))
    expect(container.querySelector('.lv-sheet-test')).toBeNull()
    expect(container.querySelector('.lv-pill-test')).toBeNull()
  })

  it('closed before answering, it waits in the dock with its countdown', async () => {
    const { container } = await enter()
    push('GET_TEST_QUESTION_CONTENT', { ...content, quesType: 2, endsAt: Date.now() + 30_000 })
    await waitFor(() => expect(container.querySelector('.lv-sheet-test')).not.toBeNull())
    expect(q(container, '.lv-test-type').textContent).toBe('多选题')
    fireEvent.click(q(container, '.lv-sheet-close'))
    expect(q(container, '.lv-pill-test .lv-dock-pill-label').textContent).toMatch(/^答题卡 · 剩余 00:(29|30)$/)
    fireEvent.click(q(container, '.lv-pill-test'))
    fireEvent.click(q(container, '.lv-test-option-C'))
    fireEvent.click(q(container, '.lv-test-option-A'))
    await act(async () => {
      fireEvent.click(q(container, '.lv-test-submit'))
    })
    expect(socket().events('ANSWER_TEST_QUESTION')[0]).toMatchObject({ option: ['A', 'C'] })
  })
})

describe('questionnaire', () => {
  it('answers single, multiple and text items once, then shows the shared results', async () => {
    const { container } = await enter()
    push('START_QUESTIONNAIRE', {
      questionnaireId: 4,
      title: 'Feedback',
      items: [
        { type: 'single', title: 'Pace?', options: ['slow', 'ok'] },
        { type: 'multiple', title: 'Topics', options: ['fire', 'height', 'power'] },
        { type: 'text', title: 'Else' },
      ],
    })
    await waitFor(() => expect(container.querySelector('.lv-sheet-questionnaire')).not.toBeNull())
    expect(q(container, '.lv-sheet-title').textContent).toBe('Feedback')
    fireEvent.click(q(container, '.lv-q-item-0 .lv-q-option-1'))
    fireEvent.click(q(container, '.lv-q-item-1 .lv-q-option-0'))
    fireEvent.click(q(container, '.lv-q-item-1 .lv-q-option-2'))
    await act(async () => {
      fireEvent.click(q(container, '.lv-q-submit'))
    })
    // the text item is missing: said in the sheet, nothing sent
    expect(q(container, '.lv-q-error').textContent).toBe('请填写第 3 题')
    expect(socket().events('ANSWER_QUESTIONNAIRE')).toHaveLength(0)
    type(container, '.lv-q-item-2 .lv-q-textarea', 'more drills')
    await act(async () => {
      fireEvent.click(q(container, '.lv-q-submit'))
    })
    expect(socket().events('ANSWER_QUESTIONNAIRE')).toEqual([
      {
        EVENT: 'ANSWER_QUESTIONNAIRE',
        questionnaireId: 4,
        answers: [{ options: [1] }, { options: [0, 2] }, { text: 'more drills' }],
      },
    ])
    await waitFor(() => expect(q(container, '.lv-q-submitted').textContent).toBe('已提交，感谢参与'))
    push('STOP_QUESTIONNAIRE', {
      questionnaireId: 4,
      result: {
        questionnaireId: 4,
        answered: 2,
        items: [
          { type: 'single', counts: [0, 2] },
          { type: 'multiple', counts: [2, 1, 1] },
          { type: 'text', texts: ['more drills', 'ok'] },
        ],
      },
    })
    await waitFor(() => expect(container.querySelector('.lv-q-result')).not.toBeNull())
    expect(q(container, '.lv-q-item-0 .lv-q-result-1 .lv-share-value').textContent).toBe('2 · 100%')
    expect([...container.querySelectorAll('.lv-q-text-answer')].map((e) => e.textContent)).toEqual([
      'more drills',
      'ok',
    ])
  })
})

describe('the dock', () => {
  it('folds finished interactions into one line that opens, so the chat keeps its room (issue 25)', async () => {
    const { container } = await enter()
    push('START_QUESTIONNAIRE', {
      questionnaireId: 8,
      title: 'Pace',
      items: [{ type: 'single', title: 'Pace?', options: ['slow', 'ok'] }],
    })
    await waitFor(() => expect(container.querySelector('.lv-sheet-questionnaire')).not.toBeNull())
    fireEvent.click(q(container, '.lv-sheet-close'))
    push('GET_TEST_QUESTION_CONTENT', {
      testId: 12,
      questionId: 302,
      quesType: 1,
      stem: 'Oil fire?',
      options: [
        ['A', 'Water'],
        ['B', 'Foam'],
      ],
      endsAt: Date.now() + 1200,
    })
    await waitFor(() => expect(container.querySelector('.lv-sheet-test')).not.toBeNull())
    fireEvent.click(q(container, '.lv-sheet-close'))
    // both still running: shown as they are
    expect(container.querySelector('.lv-pill-questionnaire')).not.toBeNull()
    expect(container.querySelector('.lv-pill-test')).not.toBeNull()
    expect(container.querySelector('.lv-dock-finished')).toBeNull()
    push('STOP_QUESTIONNAIRE', {
      questionnaireId: 8,
      result: { questionnaireId: 8, answered: 3, items: [{ type: 'single', counts: [1, 2] }] },
    })
    await waitFor(() => expect(q(container, '.lv-dock-finished-label').textContent).toBe('已结束的互动 (1)'))
    expect(container.querySelector('.lv-pill-questionnaire')).toBeNull()
    // the answer card's time runs out: folded too
    await waitFor(() => expect(q(container, '.lv-dock-finished-label').textContent).toBe('已结束的互动 (2)'), {
      timeout: 3000,
    })
    expect(container.querySelector('.lv-pill-test')).toBeNull()
    expect(q(container, '.lv-dock-finished-toggle').textContent).toBe('展开')
    // opened on demand, each one still opens its sheet
    fireEvent.click(q(container, '.lv-dock-finished-head'))
    expect(container.querySelector('.lv-pill-questionnaire')).not.toBeNull()
    expect(container.querySelector('.lv-pill-test')).not.toBeNull()
    expect(q(container, '.lv-dock-finished-toggle').textContent).toBe('收起')
    fireEvent.click(q(container, '.lv-pill-questionnaire'))
    await waitFor(() => expect(container.querySelector('.lv-sheet-questionnaire .lv-q-result')).not.toBeNull())
  })
})

describe('lottery', () => {
  it('starts the claim form from the address given for an earlier prize, and sends it as it stands', async () => {
    vi.mocked(extra.beforeAddress).mockResolvedValue({
      name: 'Han Mei',
      phone: '13912345678',
      address: 'No. 9 Street',
      usedTime: 1_700_000_000,
    })
    const { container } = await enter()
    push('ON_LOTTERY', { lotteryId: 7, prize: 'A pen', winners: [ME] })
    push('LOTTERY_END', { lotteryId: 7 })
    await waitFor(() => expect(container.querySelector('.lv-claim-name')).not.toBeNull())
    const field = (sel: string) =>
      (q(container, sel).querySelector('input, textarea') ?? q(container, sel)) as HTMLInputElement
    await waitFor(() => expect(field('.lv-claim-address').value).toBe('No. 9 Street'))
    expect(field('.lv-claim-name').value).toBe('Han Mei')
    expect(field('.lv-claim-phone').value).toBe('13912345678')
    await act(async () => {
      fireEvent.click(q(container, '.lv-claim-submit'))
    })
    expect(socket().events('LOTTERY_CLAIM')).toEqual([
      { EVENT: 'LOTTERY_CLAIM', lotteryId: 7, name: 'Han Mei', phone: '13912345678', address: 'No. 9 Street' },
    ])
  })

  it('draws, then a winner fills the claim form (phone checked by the app’s rule) and sends it once', async () => {
    const { container } = await enter()
    push('LOTTERY_START', { lotteryId: 6, prize: 'A book', winnerCount: 2, drawAt: Date.now() + 3000 })
    await waitFor(() => expect(container.querySelector('.lv-lottery-drawing')).not.toBeNull())
    expect(q(container, '.lv-lottery-prize').textContent).toBe('奖品：A book')
    push('ON_LOTTERY', { lotteryId: 6, prize: 'A book', winners: [OTHER, ME] })
    push('LOTTERY_END', { lotteryId: 6 })
    await waitFor(() => expect(q(container, '.lv-lottery-won-text').textContent).toBe('恭喜你中奖了！'))
    expect([...container.querySelectorAll('.lv-lottery-winner')].map((e) => e.textContent)).toEqual(['Wang', 'Me'])
    expect(q(container, `.lv-lottery-winner-${ME.userId}`).className).toContain('is-me')
    type(container, '.lv-claim-name', 'Li Lei')
    type(container, '.lv-claim-phone', '1234')
    type(container, '.lv-claim-address', 'No. 1 Road')
    await act(async () => {
      fireEvent.click(q(container, '.lv-claim-submit'))
    })
    expect(q(container, '.lv-claim-error').textContent).toBe('请输入正确的手机号')
    expect(socket().events('LOTTERY_CLAIM')).toHaveLength(0)
    // closing keeps the way back to the form in the dock
    fireEvent.click(q(container, '.lv-sheet-close'))
    fireEvent.click(q(container, '.lv-pill-claim'))
    type(container, '.lv-claim-name', 'Li Lei')
    type(container, '.lv-claim-phone', '13812345678')
    type(container, '.lv-claim-address', 'No. 1 Road')
    await act(async () => {
      fireEvent.click(q(container, '.lv-claim-submit'))
    })
    expect(socket().events('LOTTERY_CLAIM')).toEqual([
      { EVENT: 'LOTTERY_CLAIM', lotteryId: 6, name: 'Li Lei', phone: '13812345678', address: 'No. 1 Road' },
    ])
    await waitFor(() => expect(container.querySelector('.lv-claim-sent')).not.toBeNull())
    expect(container.querySelector('.lv-pill-claim')).toBeNull()
  })

  it('someone who did not win gets a friendly note', async () => {
    const { container } = await enter()
    push('LOTTERY_START', { lotteryId: 7, prize: 'Pen', winnerCount: 1, drawAt: Date.now() + 3000 })
    push('ON_LOTTERY', { lotteryId: 7, prize: 'Pen', winners: [OTHER] })
    await waitFor(() => expect(q(container, '.lv-lottery-lost').textContent).toBe('很遗憾，这次没有抽中，下次好运！'))
    expect(container.querySelector('.lv-claim')).toBeNull()
  })
})

describe('points', () => {
  it('a points packet pops up, is opened for points, and stays in the chat as a line', async () => {
    const { container } = await enter()
    answer('GRAB_REDPAPER', { ok: true, data: { points: 12, balance: 22 } })
    push('REDPAPER', { redpaperId: 21, user: TEACHER, totalPoints: 100, count: 5, greeting: '加油' })
    await waitFor(() => expect(container.querySelector('.lv-sheet-redpaper')).not.toBeNull())
    expect(q(container, '.lv-redpacket-greeting').textContent).toBe('加油')
    expect(q(container, '.lv-redpacket-note').textContent).toBe('积分红包，不是现金')
    await act(async () => {
      fireEvent.click(q(container, '.lv-redpacket-open'))
    })
    expect(socket().events('GRAB_REDPAPER')).toEqual([{ EVENT: 'GRAB_REDPAPER', redpaperId: 21 }])
    await waitFor(() => expect(q(container, '.lv-redpacket-won').textContent).toBe('抢到 12 积分'))
    push('REDPAPER_GRABBED', { redpaperId: 21, user: OTHER, points: 30, left: 3 })
    await waitFor(() => expect(q(container, '.lv-redpacket-grab-8').textContent).toBe('Wang 抢到 30 积分'))
    fireEvent.click(q(container, '.lv-sheet-close'))
    expect(q(container, '.lv-sys-redpaper .lv-sys-text').textContent).toBe('Teacher Li 发了一个积分红包')
    // the line opens it again
    fireEvent.click(q(container, '.lv-sys-redpaper'))
    expect(container.querySelector('.lv-redpacket-won')).not.toBeNull()
  })

  it('a packet already empty says all gone', async () => {
    const { container } = await enter()
    answer('GRAB_REDPAPER', { ok: true, data: { points: 0 } })
    push('REDPAPER', { redpaperId: 22, user: TEACHER, totalPoints: 1, count: 1, greeting: '' })
    await waitFor(() => expect(container.querySelector('.lv-redpacket-open')).not.toBeNull())
    await act(async () => {
      fireEvent.click(q(container, '.lv-redpacket-open'))
    })
    await waitFor(() => expect(q(container, '.lv-redpacket-gone').textContent).toBe('手慢了，红包已被抢完'))
  })

  it('rewards the lecturer from the balance; more than the balance is refused plainly', async () => {
    const { container } = await enter()
    fireEvent.click(q(container, '.lv-reward-btn'))
    await waitFor(() => expect(q(container, '.lv-reward-balance').textContent).toBe('我的积分：10'))
    fireEvent.click(q(container, '.lv-reward-amount-50'))
    expect(q(container, '.lv-reward-amount-50').className).toContain('is-short')
    await act(async () => {
      fireEvent.click(q(container, '.lv-reward-send'))
    })
    expect(q(container, '.lv-reward-error').textContent).toBe('积分不足，你现在有 10 积分')
    expect(socket().events('REWARD')).toHaveLength(0)
    answer('REWARD', { ok: true, data: { balance: 5 } })
    fireEvent.click(q(container, '.lv-reward-amount-5'))
    await act(async () => {
      fireEvent.click(q(container, '.lv-reward-send'))
    })
    expect(socket().events('REWARD')).toEqual([{ EVENT: 'REWARD', points: 5 }])
    await waitFor(() => expect(container.querySelector('.lv-sheet-reward')).toBeNull())
    push('REWARD', { user: ME, points: 5 })
    await waitFor(() => expect(q(container, '.lv-sys-reward').textContent).toBe('Me 打赏了讲师 5 积分'))
  })

  it('flowers: sent, then the button counts down the 10 s; everyone’s flowers float and show in the chat', async () => {
    const { container } = await enter()
    await act(async () => {
      fireEvent.click(q(container, '.lv-flowers'))
    })
    expect(socket().events('FLOWERS')).toEqual([{ EVENT: 'FLOWERS' }])
    await waitFor(() => expect(q(container, '.lv-flowers').textContent).toMatch(/^(10|9)s$/))
    await act(async () => {
      fireEvent.click(q(container, '.lv-flowers'))
    })
    expect(socket().events('FLOWERS')).toHaveLength(1)
    expect(Taro.showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: expect.stringMatching(/^送花太频繁/) }),
    )
    push('FLOWERS', { user: OTHER, total: 3 })
    await waitFor(() => expect(q(container, '.lv-sys-flowers').textContent).toBe('Wang 给讲师送了一束花'))
    expect(container.querySelector('.lv-flower-float')).not.toBeNull()
  })
})

describe('questions tab', () => {
  it('lists mine and the public ones, asks, upvotes once, and badges the tab when mine is answered', async () => {
    const { container } = await enter()
    answer('QUESTION_LIST', {
      ok: true,
      data: {
        list: [
          {
            questionId: 42,
            user: OTHER,
            content: 'Is it on the exam?',
            time: Date.now() - 60_000,
            answer: 'Yes',
            answeredBy: TEACHER,
            answeredAt: Date.now(),
            public: true,
            upvotes: 2,
            upvoted: false,
          },
        ],
      },
    })
    fireEvent.click(q(container, '.lv-room-tab-questions'))
    await waitFor(() => expect(container.querySelector('.lv-question-42')).not.toBeNull())
    expect(socket().events('QUESTION_LIST')).toEqual([{ EVENT: 'QUESTION_LIST', page: 1 }])
    expect(q(container, '.lv-questions-welcome-text').textContent).toBe('您好！请问有什么问题？')
    expect(q(container, '.lv-question-42 .lv-question-answer-text').textContent).toBe('Yes')
    answer('QUESTION_UPVOTE', { ok: true, data: { upvotes: 3 } })
    await act(async () => {
      fireEvent.click(q(container, '.lv-question-42 .lv-upvote'))
    })
    await act(async () => {
      fireEvent.click(q(container, '.lv-question-42 .lv-upvote'))
    })
    expect(socket().events('QUESTION_UPVOTE')).toEqual([{ EVENT: 'QUESTION_UPVOTE', questionId: 42 }])
    expect(q(container, '.lv-question-42 .lv-upvote-count').textContent).toBe('3')

    answer('S_QUESTION', { ok: true, data: { questionId: 43 } })
    type(container, '.lv-ask-input', '  What about ladders?  ')
    await act(async () => {
      fireEvent.click(q(container, '.lv-ask-send'))
    })
    expect(socket().events('S_QUESTION')).toEqual([{ EVENT: 'S_QUESTION', content: 'What about ladders?' }])
    await waitFor(() => expect(container.querySelector('.lv-question-43.is-mine')).not.toBeNull())
    expect(q(container, '.lv-question-43 .lv-question-tag').textContent).toBe('仅你可见')
    expect(q(container, '.lv-question-43 .lv-question-waiting').textContent).toBe('等待讲师回答')

    // back on the chat tab, the answer to mine arrives: a badge
    fireEvent.click(q(container, '.lv-room-tab-chat'))
    push('T_ANSWER', {
      questionId: 43,
      user: ME,
      content: 'What about ladders?',
      time: Date.now(),
      answer: 'Three points of contact.',
      answeredBy: TEACHER,
      answeredAt: Date.now(),
      public: false,
      upvotes: 0,
      upvoted: false,
    })
    await waitFor(() => expect(q(container, '.lv-tab-badge').textContent).toBe('1'))
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '讲师回答了你的问题' }))
    fireEvent.click(q(container, '.lv-room-tab-questions'))
    await waitFor(() => expect(container.querySelector('.lv-tab-badge')).toBeNull())
    expect(q(container, '.lv-question-43 .lv-question-answer-text').textContent).toBe('Three points of contact.')
  })
})

describe('microphone and class control', () => {
  it('never offers raise hand without a real-time audio path in this app; an invitation says so in the learner’s language (issue 25)', async () => {
    const { container } = await enter()
    expect(container.querySelector('.lv-mic-btn')).toBeNull()
    push('MIC_SWITCH', { open: true })
    await act(async () => {
      await new Promise((r) => setTimeout(r, 200))
    })
    // the lecturer opened raising hands, but this app carries no audio: the request would lead nowhere
    expect(container.querySelector('.lv-mic-btn')).toBeNull()
    // invited anyway (the teacher may invite without a request): said plainly, never the server's English
    push('ALLOW_MICROPHONE', {
      userId: ME.userId,
      deadline: Date.now() + 20_000,
      mediaAvailable: false,
      reason: 'no real-time media path on this server: the microphone is off in this room',
    })
    await waitFor(() => expect(container.querySelector('.lv-mic-no-media')).not.toBeNull())
    expect(q(container, '.lv-mic-no-media').textContent).toBe(
      '讲师同意了你的连麦，但本校服务器没有实时音频通道，无法上麦。',
    )
    expect(container.querySelector('.lv-mic-reason')).toBeNull()
    expect(container.textContent).not.toMatch(/media path|microphone/)
    // never a join button, never "on the mic"
    expect(container.querySelector('.lv-mic-join')).toBeNull()
    push('JOIN_CHANNEL_FAIL', { userId: ME.userId })
    await waitFor(() =>
      expect(q(container, '.lv-mic-bar.is-failed .lv-mic-text').textContent).toBe('连麦超时，未能加入'),
    )
    fireEvent.click(q(container, '.lv-mic-ok'))
    await waitFor(() => expect(container.querySelector('.lv-mic-bar')).toBeNull())
  })

  it('shows the lecturer’s mute states', async () => {
    const { container } = await enter()
    push('CLASSCONTROL', { kind: 'audio', mute: true, userId: null })
    await waitFor(() => expect(q(container, '.lv-control-chip').textContent).toBe('全员静音中'))
    push('CLASSCONTROL', { kind: 'audio', mute: true, userId: ME.userId })
    await waitFor(() => expect(container.querySelectorAll('.lv-control-chip')).toHaveLength(2))
    push('CLASSCONTROL', { kind: 'audio', mute: false, userId: null })
    push('CLASSCONTROL', { kind: 'audio', mute: false, userId: ME.userId })
    await waitFor(() => expect(container.querySelector('.lv-control-chip')).toBeNull())
  })

  it('the class ending takes the actions away and leads to the replay', async () => {
    const { container } = await enter()
    vi.mocked(api.channelDetail).mockResolvedValue(detail({ state: 'ended', hasPlayback: true }))
    push('CLASSEND', { sessionId: 50, hasPlayback: true })
    await waitFor(() => expect(container.querySelector('.lv-to-playback')).not.toBeNull())
    expect(container.querySelector('.lv-actions')).toBeNull()
  })
})
