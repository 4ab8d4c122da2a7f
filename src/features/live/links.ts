/**
 * The live pages' routes and what tapping a session does. No socket here: the list pages (pages5) use this
 * without the chat client. Pages of the main package write these routes as plain strings (they may not import
 * live code).
 */
import Taro from '@tarojs/taro'
import type { LiveRefusal, LiveSession } from './api'
import { lx } from './messages'

const q = (base: string, params: Record<string, number | undefined>) => {
  const s = Object.entries(params)
    .filter(([, v]) => v !== undefined && v > 0)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
  return s ? `${base}?${s}` : base
}

export const liveUrl = {
  list: '/pages5/liveList',
  mine: '/pages5/liveDetail/list',
  room: (channelId: number, sessionId?: number) => q('/pages3/live/detail', { channelId, sessionId }),
  playback: (channelId: number, sessionId: number) => q('/pages3/live/playback', { channelId, sessionId }),
  goodsSchedule: (goodsId: number) => q('/pages5/liveDetail/index', { goodsId }),
  course: (channelId: number) => q('/pages5/liveDetail/course', { channelId }),
  goods: (goodsId: number) => `/pages3/course/detail?id=${goodsId}`,
  mockApply: (examId: number) => `/pages5/mockExam/examApply?examId=${examId}`,
  shop: '/pages/course/index',
}

const quiet = (p: unknown) => {
  Promise.resolve(p).catch(() => undefined)
}

/**
 * No right to enter (631, or a row with canEnter false): offer what gives entry — the goods page, or the mock
 * exam's application — in a modal; with neither, say so.
 */
export async function offerEntry(r: Pick<LiveRefusal, 'goodsId' | 'examId'>, replace = false): Promise<void> {
  const target = r.goodsId ? liveUrl.goods(r.goodsId) : r.examId ? liveUrl.mockApply(r.examId) : ''
  if (!target) {
    quiet(Taro.showToast({ title: lx('room.notEntitled'), icon: 'none', duration: 2000 }))
    return
  }
  const res = await Taro.showModal({
    title: lx('entitle.title'),
    content: lx(r.goodsId ? 'entitle.goods' : 'entitle.mock'),
    confirmText: lx(r.goodsId ? 'entitle.toGoods' : 'entitle.toMock'),
    cancelText: lx('entitle.cancel'),
  }).catch(() => ({ confirm: false }))
  if (res.confirm) quiet(replace ? Taro.redirectTo({ url: target }) : Taro.navigateTo({ url: target }))
}

/** Where a session row leads: the room (live, upcoming, or ended without a replay) or its replay. */
export function sessionTarget(s: Pick<LiveSession, 'channelId' | 'sessionId' | 'state' | 'hasPlayback'>): string {
  if (s.state === 'ended' && s.hasPlayback) return liveUrl.playback(s.channelId, s.sessionId)
  return liveUrl.room(s.channelId, s.sessionId)
}

/** Tap on a session: open it, or offer what gives entry. */
export function openSession(s: LiveSession): void {
  if (!s.canEnter) {
    void offerEntry({ goodsId: s.goodsId, examId: s.examId })
    return
  }
  quiet(Taro.navigateTo({ url: sessionTarget(s) }))
}
