/**
 * The microphone (issue 14): raise a hand while the lecturer has opened it, be allowed until a deadline on the
 * server's clock, join a real-time media path where this app has one, leave; the learners on the mic now.
 */
import { CHAT_ERRORS, LIVE } from '../../../../contract/schemas/live-codes'
import { INTERACTION_ERRORS, type InteractionServerEvents } from '../../../../contract/schemas/live-interactions'
import { type IxContext, isUser, num, str } from './context'
import { ix } from './messages'
import type { IxHandlers, IxResult, MicState } from './types'

/** a local mic deadline with no word from the server after this long: failed */
export const MIC_SLACK_MS = 3000

export const NO_MIC: MicState = {
  open: false,
  phase: 'idle',
  deadline: 0,
  mediaAvailable: false,
  reason: '',
  busy: false,
  onAir: [],
}

export class Mic {
  constructor(private readonly x: IxContext) {}

  private get m(): MicState {
    return this.x.state.mic
  }

  private put(patch: Partial<MicState>): void {
    this.x.set({ mic: { ...this.m, ...patch } })
  }

  readonly on: IxHandlers = {
    MIC_SWITCH: (p) => {
      this.put({ open: !!p.open })
      if (!p.open && this.m.phase === 'requested') this.x.d.toast(ix('mic.closedWhileWaiting'))
    },
    ALLOW_MICROPHONE: (p) => {
      if (this.x.isMe(p.userId)) void this.onAllowed(p)
    },
    JOIN_CHANNEL_FAIL: (p) => {
      if (this.x.isMe(p.userId) && this.m.phase === 'allowed') {
        this.x.clear('mic')
        this.put({ phase: 'failed', busy: false })
        this.x.d.toast(ix('mic.failed'))
      }
    },
    JOIN_SUCCESS: (p) => {
      if (!isUser(p.user)) return
      const me = this.x.isMe(p.user.userId)
      this.put({
        onAir: [...this.m.onAir.filter((u) => u.userId !== p.user.userId), p.user],
        ...(me ? { phase: 'joined' as const, busy: false } : {}),
      })
      if (me) this.x.clear('mic')
    },
    CANCEL_MICROPHONE: (p) => {
      const m = this.m
      const onAir = m.onAir.filter((u) => u.userId !== p.userId)
      if (this.x.isMe(p.userId) && m.phase !== 'idle' && m.phase !== 'failed' && m.phase !== 'cancelled') {
        this.x.clear('mic')
        this.put({ onAir, phase: 'cancelled', busy: false })
      } else this.put({ onAir })
    },
  }

  /** At a (re)login: the server ends a raised hand when the user leaves the room (a reconnect included). */
  enter(micOpen: boolean): MicState {
    return { ...this.m, open: micOpen, phase: 'idle', deadline: 0, busy: false }
  }

  rearm(): void {
    if (this.m.phase === 'allowed') this.arm(this.m.deadline)
  }

  /** Raise my hand (only while the teacher has opened the microphone). */
  async raiseHand(): Promise<IxResult> {
    const m = this.m
    if (m.busy || m.phase === 'requested' || m.phase === 'allowed' || m.phase === 'joined') return { ok: false }
    if (!m.open) return this.x.refuse(INTERACTION_ERRORS.micClosed, ix('mic.closed'))
    this.put({ busy: true })
    const ack = await this.x.d.ask('OPEN_MICROPHONE', {})
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      // an ALLOW that raced ahead of the ack stays
      this.put({ busy: false, phase: this.m.phase === 'allowed' ? 'allowed' : 'requested' })
      return { ok: true }
    }
    this.put({ busy: false })
    if (ack.code === INTERACTION_ERRORS.micClosed) {
      this.put({ open: false })
      return this.x.refuse(ack.code, ix('mic.closed'))
    }
    return this.x.refused(ack)
  }

  /** Withdraw the raised hand, or leave the microphone. */
  async cancel(): Promise<IxResult> {
    const m = this.m
    if (m.busy) return { ok: false }
    if (m.phase !== 'requested' && m.phase !== 'allowed' && m.phase !== 'joined') {
      // failed / cancelled: just clear the notice
      this.put({ phase: 'idle' })
      return { ok: true }
    }
    this.put({ busy: true })
    const ack = await this.x.d.ask('CANCEL_MICROPHONE', {})
    this.x.clear('mic')
    if (ack.ok) {
      this.put({ busy: false, phase: 'cancelled' })
      return { ok: true }
    }
    this.put({ busy: false })
    return this.x.refused(ack)
  }

  /** The cancelled / failed notice is read. */
  clearNotice(): void {
    const m = this.m
    if (m.phase === 'failed' || m.phase === 'cancelled') this.put({ phase: 'idle' })
  }

  private arm(deadline: number): void {
    // the server says JOIN_CHANNEL_FAIL at the deadline; if that word is lost, this device gives up a little later
    this.x.arm('mic', deadline + MIC_SLACK_MS, () => {
      if (this.m.phase === 'allowed' && this.m.deadline === deadline) this.put({ phase: 'failed', busy: false })
    })
  }

  private async onAllowed(p: InteractionServerEvents['ALLOW_MICROPHONE']): Promise<void> {
    const deadline = num(p.deadline, this.x.serverNow() + LIVE.MIC_JOIN_TIMEOUT_MS)
    this.put({ phase: 'allowed', deadline, mediaAvailable: !!p.mediaAvailable, reason: str(p.reason), busy: false })
    this.arm(deadline)
    if (p.mediaAvailable && this.x.d.joinMedia) await this.join()
  }

  /** Join the media path (only where one exists) and tell the room. */
  async join(): Promise<IxResult> {
    const m = this.m
    if (m.phase !== 'allowed' || m.busy) return { ok: false }
    if (!m.mediaAvailable || !this.x.d.joinMedia) return this.x.refuse(CHAT_ERRORS.forbidden, ix('mic.noMediaShort'))
    this.put({ busy: true })
    let joined = false
    try {
      joined = await this.x.d.joinMedia({ deadline: m.deadline })
    } catch {
      joined = false
    }
    if (!joined) {
      this.put({ busy: false })
      return this.x.refuse(CHAT_ERRORS.badRequest, ix('mic.joinFailed'))
    }
    const ack = await this.x.d.ask('JOIN_SUCCESS', {})
    if (ack.ok) {
      this.x.clear('mic')
      this.put({ busy: false, phase: 'joined' })
      return { ok: true }
    }
    const over = ack.code === INTERACTION_ERRORS.over
    this.put({ busy: false, ...(over ? { phase: 'failed' as const } : {}) })
    return over ? this.x.refuse(ack.code, ix('mic.failed')) : this.x.refused(ack)
  }
}
