/**
 * Chat replayed beside a recording (pages3/live/playback): each message shows when the recording reaches the
 * moment it was sent, `time - startedAtMs <= position`. History is read oldest first with afterId paging (pages of
 * LIVE.PLAYBACK_PAGE), a little ahead of the position; seeking back shows fewer (the list rewinds). Messages sent
 * before the recording began (the wait before class) show from its start. Pure: no Taro, no React.
 */
import { type ChatMessage, LIVE } from '../../../../contract/schemas/live-codes'
import { mergeMessages } from '../../../../shared/live/chat'

/** Load this far ahead of the position (seconds). */
export const REPLAY_LOOKAHEAD_S = 60
/** Show at most this many of the messages already reached (the newest ones). */
export const REPLAY_SHOWN = 200

export interface ReplayState {
  loaded: ChatMessage[]
  /** every message after the last loaded one has been read */
  done: boolean
  loading: boolean
  failed: boolean
}

export class ChatReplay {
  private state: ReplayState = { loaded: [], done: false, loading: false, failed: false }
  private readonly listeners = new Set<() => void>()
  private running: Promise<void> | null = null

  constructor(
    private readonly startedAtMs: number,
    private readonly fetchAfter: (afterId: number, pageSize: number) => Promise<ChatMessage[]>,
    private readonly pageSize: number = LIVE.PLAYBACK_PAGE,
  ) {}

  getState = (): ReplayState => this.state

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  private set(patch: Partial<ReplayState>): void {
    this.state = { ...this.state, ...patch }
    for (const fn of [...this.listeners]) fn()
  }

  /** Offset of a message into the recording (ms; negative: sent before it began). */
  offsetMs(m: ChatMessage): number {
    return m.time - this.startedAtMs
  }

  /** How many loaded messages the recording has reached at `position` seconds (they are in time order). */
  reachedCount(position: number): number {
    const limit = Math.max(0, position) * 1000
    const list = this.state.loaded
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.offsetMs(list[mid]!) <= limit) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** The messages to show at `position` seconds: those reached, the newest REPLAY_SHOWN of them. */
  visibleAt(position: number): ChatMessage[] {
    const n = this.reachedCount(position)
    return this.state.loaded.slice(Math.max(0, n - REPLAY_SHOWN), n)
  }

  /** Make sure what the next REPLAY_LOOKAHEAD_S seconds need is loaded (one loader at a time). */
  ensure(position: number): Promise<void> {
    if (this.running) return this.running
    const want = (Math.max(0, position) + REPLAY_LOOKAHEAD_S) * 1000
    const needed = () => {
      const s = this.state
      if (s.done || s.failed) return false
      const last = s.loaded[s.loaded.length - 1]
      return !last || this.offsetMs(last) <= want
    }
    if (!needed()) return Promise.resolve()
    this.running = (async () => {
      this.set({ loading: true })
      try {
        while (needed()) {
          const last = this.state.loaded[this.state.loaded.length - 1]
          const rows = await this.fetchAfter(last?.id ?? 0, this.pageSize)
          const page = rows.filter((m) => !last || m.id > last.id)
          this.set({
            loaded: mergeMessages(this.state.loaded, page).sort((a, b) => a.time - b.time || a.id - b.id),
            done: rows.length < this.pageSize || page.length === 0,
          })
        }
        this.set({ loading: false })
      } catch {
        this.set({ loading: false, failed: true })
      } finally {
        this.running = null
      }
    })()
    return this.running
  }

  /** After a failure: try again from where it stopped. */
  retry(position: number): Promise<void> {
    this.set({ failed: false })
    return this.ensure(position)
  }
}
