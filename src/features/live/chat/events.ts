/**
 * What each chat event of the server does to the room (contract/schemas/live-codes.ts ServerEvents; spec §4): the
 * live client (./client.ts) hands every packet but LOGIN_KICK (the chat core's: shared/live/connection.ts) to
 * `chatEvent`, which acts through the client's small host interface. The interactions' events go on to their store.
 */
import { LIVE, type ServerEventName, type ServerEvents } from '../../../../contract/schemas/live-codes'
import { lx } from '../messages'
import type { LiveEvent, LiveRoomState } from './types'

export type ServerPacket = { [K in ServerEventName]: { EVENT: K } & ServerEvents[K] }[ServerEventName]

/** What an event may do to the client. */
export interface ChatEventHost {
  set(patch: Partial<LiveRoomState>): void
  /** chat messages for the list (merged in one update per burst) */
  queue(list: readonly unknown[]): void
  /** drop one message (or all), shown or still queued */
  remove(id: number | 'all'): void
  fire(e: LiveEvent): void
  toast(text: string): void
  /** the user is me */
  own(userId: number): boolean
  now(): number
  /** taps of the like button not yet sent */
  likesUnsent(): number
  /** my ban in this room until `until` (0: lifted), kept per room */
  ban(until: number): void
  /** removed from the room, banned until `until` */
  kicked(until: number): void
  /** an interaction's event (none in a playback room) */
  interaction(p: { EVENT: string }): void
}

export function chatEvent(h: ChatEventHost, p: ServerPacket): void {
  switch (p.EVENT) {
    case 'SPEAK':
    case 'CHAT_IMG':
      h.queue([p])
      return
    case 'BATCH':
      if (Array.isArray(p.list)) h.queue(p.list)
      return
    case 'LOGIN':
    case 'LOGOUT':
      if (p.online) h.set({ online: p.online })
      return
    case 'ONLINE_LIST':
      if (p.online) h.set({ online: p.online })
      return
    case 'LIKES':
      if (typeof p.total === 'number') {
        h.set({ likes: Math.max(p.total + h.likesUnsent(), 0) })
        if (p.count > 0) h.fire({ type: 'likes', count: p.count })
      }
      return
    case 'CLOSEROOM':
      h.set({ chatClosed: !!p.value })
      h.toast(lx(p.value ? 'notice.closed' : 'notice.opened'))
      return
    case 'PROHIBIT_TO_SPEAK':
      h.set({ chatClosed: true })
      h.toast(lx('error.CLOSED'))
      return
    case 'KICK':
      if (h.own(p.userId)) h.kicked(h.now() + LIVE.BAN_DEFAULT_MS)
      return
    case 'ONLINE':
      if (p.online) h.set({ online: p.online })
      return
    case 'ADD_SHIELD':
      if (h.own(p.userId)) {
        const until = typeof p.until === 'number' && p.until > 0 ? p.until : h.now() + LIVE.BAN_DEFAULT_MS
        h.ban(until)
        h.toast(lx('notice.banned'))
      }
      return
    case 'REMOVE_SHIELD':
      if (h.own(p.userId)) {
        h.ban(0)
        h.toast(lx('notice.unbanned'))
      }
      return
    case 'REMOVE_CONTENT':
      h.remove(p.id)
      return
    case 'REMOVE_HISTORY':
      h.remove('all')
      return
    case 'BULLETIN':
      h.set({ bulletin: typeof p.content === 'string' ? p.content : '' })
      return
    case 'REMOVE_BULLETIN':
      h.set({ bulletin: '' })
      return
    case 'CLASSSTART':
      h.set({ liveState: 'live' })
      h.fire({ type: 'classStart', sessionId: p.sessionId })
      return
    case 'CLASSEND':
      h.set({ liveState: 'ended' })
      h.fire({ type: 'classEnd', sessionId: p.sessionId, hasPlayback: !!p.hasPlayback })
      return
    case 'CENSOR':
      h.toast(lx('error.CENSORED'))
      return
    default:
      // check-in, questionnaire, answer card, lottery, points, Q&A, mic, class control
      h.interaction(p)
      return
  }
}
