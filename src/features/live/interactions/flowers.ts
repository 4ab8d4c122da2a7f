/** Flowers (issue 14): a bunch for the lecturer, one every FLOWER_GAP_MS; the room shows and animates every bunch. */
import { CHAT_ERRORS } from '../../../../contract/schemas/live-codes'
import { INTERACTION } from '../../../../contract/schemas/live-interactions'
import { type IxContext, isObj, isUser, num } from './context'
import { ix } from './messages'
import type { IxHandlers, IxResult } from './types'

export class Flowers {
  constructor(private readonly x: IxContext) {}

  readonly on: IxHandlers = {
    FLOWERS: (p) => {
      if (!isUser(p.user)) return
      const f = this.x.state.flowers
      this.x.set({ flowers: { ...f, total: Math.max(f.total, num(p.total)) } })
      this.x.line({ kind: 'flowers', user: p.user })
      this.x.d.fire({ type: 'flowers', user: p.user, mine: this.x.isMe(p.user.userId) })
    },
  }

  /** Seconds until I may send flowers again (0: now). */
  wait(): number {
    return Math.max(0, Math.ceil((this.x.state.flowers.nextAt - this.x.d.now()) / 1000))
  }

  /** Send a bunch of flowers to the lecturer. */
  async send(): Promise<IxResult> {
    const f = this.x.state.flowers
    if (f.sending) return { ok: false }
    const wait = this.wait()
    if (wait > 0) return this.x.refuse(CHAT_ERRORS.tooFast, ix('flowers.wait', { s: wait }))
    this.x.set({ flowers: { ...f, sending: true, nextAt: this.x.d.now() + INTERACTION.FLOWER_GAP_MS } })
    const ack = await this.x.d.ask('FLOWERS', {})
    const now = this.x.state.flowers
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      this.x.set({ flowers: { ...now, sending: false, total: Math.max(now.total, num(data.total)) } })
      return { ok: true }
    }
    if (ack.code === CHAT_ERRORS.tooFast) {
      this.x.set({ flowers: { ...now, sending: false } })
      return this.x.refuse(ack.code, ix('flowers.wait', { s: Math.max(1, this.wait()) }))
    }
    // refused for another reason: the gap did not start
    this.x.set({ flowers: { ...now, sending: false, nextAt: 0 } })
    return this.x.refused(ack)
  }
}
