/**
 * Busy-room delivery of chat (docs/DECISIONS.md "Live — chat server"). Each process merges the chat of a room
 * that reaches it (from its own sockets, and from the other processes) into one BATCH emit to its own sockets of
 * that room, and caps what one client receives per second:
 * - a room's batch goes out when its merge window has passed since the last one (the window grows with the
 *   number of sockets this process holds in the room, up to LIVE.CHAT_BATCH_MS); a quiet room's message goes out
 *   at once;
 * - in any one second at most LIVE.CLIENT_CHAT_CAP_PER_S messages go to the room's sockets; above that the
 *   learners' messages are sampled at random; the staff's (teacher, manager, assistant) are never dropped;
 * - a sender whose message was sampled out still receives it (their own copy of the batch carries it);
 * - control events never pass through here: they are emitted at once.
 */
import type { Namespace } from 'socket.io'
import { CHAT_EVENT, type ChatMessage, LIVE } from '../../../../../contract/schemas/live-codes'

export interface Pending {
  msg: ChatMessage
  /** a teacher's, manager's or assistant's message: never dropped */
  staff: boolean
  /** the sender's socket when it is on this process */
  senderSid?: string
}

interface RoomBuffer {
  pending: Pending[]
  lastFlush: number
  /** deliveries of the last second: [time, count] */
  sent: [number, number][]
  /** the pending flush */
  timer?: NodeJS.Timeout
}

export interface BatcherOptions {
  /** the merge window of a room holding `sockets` local sockets */
  windowMs?: (sockets: number) => number
  capPerSecond?: number
}

/** a room flushed less recently than this, with nothing waiting, is forgotten */
const IDLE_MS = 5000
const MIN_WINDOW_MS = 50

/**
 * The merge window: a room's batch may wait longer the more sockets it reaches, since every batch costs one
 * frame per socket: 1 ms per 20 sockets, at least 50 ms, at most LIVE.CHAT_BATCH_MS (1,000 sockets 50 ms,
 * 2,000 sockets 100 ms, 6,000 and more 300 ms). A message to a room that has not flushed within its window
 * goes out at once.
 */
export const mergeWindowMs = (sockets: number) =>
  Math.min(LIVE.CHAT_BATCH_MS, Math.max(MIN_WINDOW_MS, Math.round(sockets / 20)))

const byTime = (a: ChatMessage, b: ChatMessage) => a.time - b.time || a.id - b.id

/** k items of `list` chosen at random */
function sample<T>(list: T[], k: number): Set<T> {
  if (k >= list.length) return new Set(list)
  const idx = list.map((_, i) => i)
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(Math.random() * (idx.length - i))
    ;[idx[i], idx[j]] = [idx[j]!, idx[i]!]
  }
  return new Set(idx.slice(0, k).map((i) => list[i]!))
}

export class Batcher {
  private readonly rooms = new Map<string, RoomBuffer>()
  private readonly cleaner: NodeJS.Timeout
  private readonly windowMs: (sockets: number) => number
  private readonly cap: number
  private stopped = false

  constructor(
    private readonly nsp: Namespace,
    opts: BatcherOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? mergeWindowMs
    this.cap = opts.capPerSecond ?? LIVE.CLIENT_CHAT_CAP_PER_S
    this.cleaner = setInterval(() => {
      const now = Date.now()
      for (const [room, r] of this.rooms) if (!r.timer && now - r.lastFlush > IDLE_MS) this.rooms.delete(room)
    }, IDLE_MS)
    this.cleaner.unref()
  }

  push(room: string, p: Pending) {
    if (this.stopped) return
    let r = this.rooms.get(room)
    if (!r) {
      r = { pending: [], lastFlush: 0, sent: [] }
      this.rooms.set(room, r)
    }
    r.pending.push(p)
    if (r.timer) return
    const sockets = this.nsp.adapter.rooms.get(room)?.size ?? 0
    const wait = Math.max(0, r.lastFlush + this.windowMs(sockets) - Date.now())
    r.timer = setTimeout(() => this.fire(room), wait)
  }

  /** forgets buffered messages of the room (one id, or all when id is null): they were removed */
  drop(room: string, id: number | null) {
    const r = this.rooms.get(room)
    if (!r) return
    r.pending = id === null ? [] : r.pending.filter((p) => p.msg.id !== id)
  }

  stop() {
    this.stopped = true
    clearInterval(this.cleaner)
    for (const r of this.rooms.values()) clearTimeout(r.timer)
    this.rooms.clear()
  }

  private fire(room: string) {
    const r = this.rooms.get(room)
    if (!r) return
    r.timer = undefined
    if (r.pending.length === 0) return
    if (!this.nsp.adapter.rooms.get(room)?.size) {
      // nobody of this process is in the room any more
      this.rooms.delete(room)
      return
    }
    this.flush(room, r, Date.now())
  }

  private flush(room: string, r: RoomBuffer, now: number) {
    const pending = r.pending
    r.pending = []
    r.lastFlush = now
    r.sent = r.sent.filter(([at]) => now - at < 1000)
    const used = r.sent.reduce((n, [, c]) => n + c, 0)
    const must = pending.filter((p) => p.staff)
    const others = pending.filter((p) => !p.staff)
    const allowance = Math.max(0, this.cap - used - must.length)
    const chosen = sample(others, Math.min(others.length, allowance))
    r.sent.push([now, must.length + chosen.size])

    const shared = pending.filter((p) => p.staff || chosen.has(p)).map((p) => p.msg)
    const own = new Map<string, ChatMessage[]>()
    for (const p of others) {
      if (chosen.has(p) || !p.senderSid) continue
      const list = own.get(p.senderSid) ?? []
      list.push(p.msg)
      own.set(p.senderSid, list)
    }
    shared.sort(byTime)
    if (shared.length > 0) {
      const packet = JSON.stringify({ EVENT: 'BATCH', list: shared })
      this.nsp.local
        .to(room)
        .except([...own.keys()])
        .emit(CHAT_EVENT, packet)
    }
    for (const [sid, mine] of own) {
      const socket = this.nsp.sockets.get(sid)
      if (!socket) continue
      socket.emit(CHAT_EVENT, JSON.stringify({ EVENT: 'BATCH', list: [...shared, ...mine].sort(byTime) }))
    }
  }
}
