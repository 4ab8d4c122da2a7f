/**
 * Live classes: session lists, the room's detail (chat token, stream, playback list, schedule), chat history and
 * the live provider's public info. The chat itself is a socket (./chat/client.ts). Semantics: docs/DECISIONS.md
 * "Live". Refusals: LIVE_CODE.notEntitled (631, data { goodsId } or { examId } names what gives entry), notFound
 * (632), noPlayback (633) — read them with `liveRefusal`.
 */
import { LIVE_CODE } from '../../../contract/schemas/live-codes'
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'
import { ApiError } from '../../services/http/error'

export type LiveSession = RouteData<'GET /goods/getLiveList'>['rows'][number]
export type LiveState = LiveSession['state']
export type ChannelDetail = RouteData<'GET /study/record/getChannelBasicInfo'>
export type PlaybackItem = ChannelDetail['playbackList'][number]
export type ChatHistoryRow = RouteData<'GET /polyv/live/historyChatMsgList'>[number]
export type LiveLast = NonNullable<RouteData<'GET /study/record/queryLiveLast'>>
export type LiveProviderInfo = RouteData<'GET /app/common/get/polyv/info'>
type Query<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { query: infer Q } ? Q : never
export type LiveListQuery = Query<'GET /goods/getLiveList'>
export type HistoryQuery = Query<'GET /polyv/live/historyChatMsgList'>

/** The tenant's sessions: live now first, then upcoming soonest first, then ended latest first. */
export function liveList(query: LiveListQuery, opts?: CallOptions) {
  return call('GET /goods/getLiveList', { query }, opts)
}

/** Sessions of the rooms this learner may enter through a goods they hold. */
export function myLives(query: Query<'GET /goods/listUserVideoLive'>, opts?: CallOptions) {
  return call('GET /goods/listUserVideoLive', { query }, opts)
}

/** Every session of the rooms a goods (or a package holding it) owns, in schedule order. */
export function goodsLives(goodsId: number, opts?: CallOptions) {
  return call('GET /goods/listGoodsUserLive', { query: { goodsId } }, opts)
}

/** Sessions live right now that this learner may enter. */
export function livingNow(opts?: CallOptions) {
  return call('GET /goods/livingSectionList', undefined, opts)
}

/** The session watched last (with where playback stopped), or null. */
export function lastWatchedLive(opts?: CallOptions) {
  return call('GET /study/record/queryLiveLast', undefined, opts)
}

/** The learner's next class (live now, else the soonest upcoming), or null. */
export function nextLive(opts?: CallOptions) {
  return call('GET /study/record/getLastLive', undefined, opts)
}

/** Free public classes from seven days ago to seven days ahead. */
export function publicClasses(opts?: CallOptions) {
  return call('GET /study/record/syncSevenPublicClass', undefined, opts)
}

/**
 * Open a room: without sessionId the channel's current (live, else next, else latest) session; playback = the
 * recording's room (refused 633 when it has none). Each call mints a fresh chat token.
 */
export function channelDetail(
  q: { channelId: number; sessionId?: number; playback?: boolean },
  opts?: CallOptions,
): Promise<ChannelDetail> {
  return call(
    'GET /study/record/getChannelBasicInfo',
    {
      query: {
        channelId: q.channelId,
        ...(q.sessionId ? { sessionId: q.sessionId } : {}),
        playback: q.playback ? '1' : '',
      },
    },
    opts,
  )
}

/**
 * Chat history of a session. Without afterId: newest first, up to pageSize + 1 rows before beforeId (the extra
 * row means "more"). With afterId: oldest first after it (chat replay).
 */
export function chatHistory(query: HistoryQuery, opts?: CallOptions) {
  return call('GET /polyv/live/historyChatMsgList', { query }, opts)
}

/** The live provider's public setup (never a secret). */
export function liveProviderInfo(opts?: CallOptions) {
  return call('GET /app/common/get/polyv/info', undefined, opts)
}

export interface LiveRefusal {
  kind: 'notEntitled' | 'notFound' | 'noPlayback'
  message: string
  /** notEntitled: the goods that gives entry, or the mock to apply to */
  goodsId: number | null
  examId: number | null
}

const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null)

/** A live call's refusal (631 / 632 / 633) as the pages act on it, or null for any other error. */
export function liveRefusal(e: unknown): LiveRefusal | null {
  if (!(e instanceof ApiError)) return null
  const kind =
    e.code === LIVE_CODE.notEntitled
      ? 'notEntitled'
      : e.code === LIVE_CODE.notFound
        ? 'notFound'
        : e.code === LIVE_CODE.noPlayback
          ? 'noPlayback'
          : null
  if (!kind) return null
  const data = (e.data ?? {}) as { goodsId?: unknown; examId?: unknown }
  return { kind, message: e.msg, goodsId: positive(data.goodsId), examId: positive(data.examId) }
}
