/**
 * In-process events between the live parts of one server: the video side (publish hooks, recordings, the
 * teacher's class start/end) tells the chat server about a session's state; the chat server broadcasts it to the
 * room as CLASSSTART / CLASSEND. With several processes, the chat server's Redis adapter carries the broadcast.
 */
import { EventEmitter } from 'node:events'
import type { LiveState } from '../../../../contract/schemas/live-codes'

export interface SessionStateEvent {
  tenantId: number
  channelId: number
  sessionId: number
  state: LiveState
  /** CLASSEND: a recording is ready (or will be) */
  hasPlayback: boolean
}

export class LiveEvents extends EventEmitter<{ state: [SessionStateEvent] }> {}
