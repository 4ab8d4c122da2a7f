/**
 * What every interaction kind of the room shares (./room.ts makes one and hands it to each kind): the one store the
 * room reads, the server's clock, timers that fire at a time on that clock, the system lines between chat messages,
 * and how a refused ack becomes a text. `Running` is the "timed interaction" the kinds repeat: one card at a time,
 * known by its id, patched only while it is still the one running, ending at a time on the server's clock.
 *
 * Time limits run on the SERVER clock: `serverNow()` is the device clock plus the offset measured against the
 * server's time (./room.ts `syncClock`), so a learner whose phone is minutes off still sees the real countdown. The
 * server is the guard for every rule (one answer, time limits, points); the checks here are courtesies that spare
 * a round trip and say why at once.
 */
import { CHAT_ERRORS, type ChatAck, type ChatUser } from '../../../../contract/schemas/live-codes'
import { INTERACTION_ERRORS } from '../../../../contract/schemas/live-interactions'
import { ix } from './messages'
import type { InteractionState, IxDeps, IxResult, LineInput, SystemLine } from './types'

export const SYSTEM_KEPT = 100

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
export const isUser = (v: unknown): v is ChatUser =>
  isObj(v) && typeof v.userId === 'number' && typeof v.nick === 'string'
export const num = (v: unknown, dflt = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt)
export const str = (v: unknown) => (typeof v === 'string' ? v : '')
export const chars = (s: string) => Array.from(s).length

export class IxContext {
  state: InteractionState
  private readonly listeners = new Set<() => void>()
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>()
  private seq = 0

  constructor(
    readonly d: IxDeps,
    initial: InteractionState,
  ) {
    this.state = initial
  }

  // ---- store ----------------------------------------------------------------------------------

  getState = (): InteractionState => this.state

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn)
    return () => this.listeners.delete(fn)
  }

  set(patch: Partial<InteractionState>): void {
    this.state = { ...this.state, ...patch }
    for (const fn of [...this.listeners]) fn()
  }

  /** Now on the server's clock (epoch ms). */
  serverNow = (): number => this.d.now() + this.state.clockOffset

  isMe(userId: unknown): boolean {
    const me = this.d.me()
    return !!me && me.userId === userId
  }

  /** A room happening between the chat messages. */
  line(l: LineInput): void {
    const full = { ...l, id: `sys-${++this.seq}`, time: this.serverNow() } as SystemLine
    this.set({ system: [...this.state.system, full].slice(-SYSTEM_KEPT) })
  }

  // ---- timers on the server's clock -----------------------------------------------------------

  arm(key: string, atServerMs: number, run: () => void): void {
    this.clear(key)
    const ms = Math.max(0, atServerMs - this.serverNow())
    this.timers.set(
      key,
      setTimeout(
        () => {
          this.timers.delete(key)
          run()
        },
        Math.min(ms, 2 ** 31 - 1),
      ),
    )
  }

  clear(key: string): void {
    const t = this.timers.get(key)
    if (t) clearTimeout(t)
    this.timers.delete(key)
  }

  /** Timers off (the room is left); the state stays for a return. */
  pause(): void {
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
  }

  // ---- refusals --------------------------------------------------------------------------------

  refuse(code: string, message: string, toast = true): IxResult {
    if (toast) this.d.toast(message)
    return { ok: false, code, message }
  }

  /** A refused ack not answered by its kind: interaction codes here, chat codes by the chat client. */
  refused(ack: ChatAck): IxResult {
    if (ack.ok) return { ok: true }
    switch (ack.code) {
      case INTERACTION_ERRORS.over:
        return this.refuse(ack.code, ix('fail.over'))
      case INTERACTION_ERRORS.already:
        return this.refuse(ack.code, ix('fail.already'))
      case INTERACTION_ERRORS.points:
        return this.refuse(ack.code, ix('reward.shortUnknown'))
      case INTERACTION_ERRORS.notWinner:
        return this.refuse(ack.code, ix('claim.notWinner'))
      case INTERACTION_ERRORS.micClosed:
        return this.refuse(ack.code, ix('mic.closed'))
      case CHAT_ERRORS.forbidden:
        return this.refuse(ack.code, ix(this.state.moderator ? 'fail.moderator' : 'fail.forbidden'))
      case CHAT_ERRORS.badRequest:
        return this.refuse(ack.code, ix('fail.generic'))
      default:
        return this.d.chatRefusal(ack)
    }
  }
}

type CardKey = 'checkin' | 'questionnaire' | 'test' | 'lottery'
type Card<K extends CardKey> = NonNullable<InteractionState[K]>

/**
 * The "timed interaction" of one kind: one card at a time in `state[key]`, known by its id; a late answer about an
 * earlier card leaves the running one alone; an end on the server's clock fires only for the card it was armed for.
 */
export class Running<K extends CardKey> {
  constructor(
    private readonly x: IxContext,
    readonly key: K,
    private readonly idOf: (card: Card<K>) => number,
  ) {}

  get(): Card<K> | null {
    return (this.x.state[this.key] as Card<K> | null) ?? null
  }

  /** The running card is this one. */
  is(id: unknown): boolean {
    const c = this.get()
    return !!c && this.idOf(c) === id
  }

  put(card: Card<K> | null): void {
    this.x.set({ [this.key]: card } as Partial<InteractionState>)
  }

  /** Merge into the card while it is still this one. */
  patch(id: number, patch: Partial<Card<K>>): void {
    const c = this.get()
    if (c && this.idOf(c) === id) this.put({ ...c, ...patch })
  }

  /** At `endsAt` on the server's clock, while the card is still this one. */
  armEnd(id: number, endsAt: number, run: (card: Card<K>) => void): void {
    this.x.arm(this.key, endsAt, () => {
      const c = this.get()
      if (c && this.idOf(c) === id) run(c)
    })
  }

  /** The card goes (its timer with it). */
  close(): void {
    this.x.clear(this.key)
    this.put(null)
  }
}
