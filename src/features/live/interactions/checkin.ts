/** Check-in (issue 14): the lecturer's card with a countdown on the server's clock; the learner signs it once. */
import type { ActiveInteractions, InteractionServerEvents } from '../../../../contract/schemas/live-interactions'
import { INTERACTION_ERRORS } from '../../../../contract/schemas/live-interactions'
import { type IxContext, num, Running, str } from './context'
import { ix } from './messages'
import type { CheckinCard, IxHandlers, IxResult } from './types'

export class Checkin {
  private readonly card: Running<'checkin'>

  constructor(private readonly x: IxContext) {
    this.card = new Running(x, 'checkin', (c) => c.checkinId)
  }

  readonly on: IxHandlers = {
    SIGN_IN: (p) => this.onSignIn(p),
    STOP_SIGN_IN: (p) => {
      if (this.card.is(p.checkinId)) this.card.close()
    },
  }

  /** The check-in running at a (re)login. */
  enter(a: ActiveInteractions): CheckinCard | null {
    return a.checkin
      ? {
          checkinId: a.checkin.checkinId,
          message: a.checkin.message,
          endsAt: a.checkin.endsAt,
          signed: a.checkin.signed,
          busy: false,
        }
      : null
  }

  rearm(): void {
    const c = this.card.get()
    if (c) this.arm(c)
  }

  private onSignIn(p: InteractionServerEvents['SIGN_IN']): void {
    if (typeof p.checkinId !== 'number') return
    const card: CheckinCard = {
      checkinId: p.checkinId,
      message: str(p.message),
      endsAt: num(p.endsAt),
      signed: false,
      busy: false,
    }
    this.card.put(card)
    this.arm(card)
  }

  private arm(c: CheckinCard): void {
    // at zero the card closes (the server's STOP_SIGN_IN follows)
    this.card.armEnd(c.checkinId, c.endsAt, () => this.card.close())
  }

  /** Sign the running check-in. */
  async sign(): Promise<IxResult> {
    const c = this.card.get()
    if (!c || c.signed || c.busy) return { ok: false }
    if (c.endsAt <= this.x.serverNow()) {
      this.card.close()
      return this.x.refuse(INTERACTION_ERRORS.over, ix('checkin.over'))
    }
    this.card.patch(c.checkinId, { busy: true })
    const ack = await this.x.d.ask('TO_SIGN_IN', { checkinId: c.checkinId })
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      this.card.patch(c.checkinId, { busy: false, signed: true })
      if (ack.ok) this.x.d.toast(ix('checkin.done'))
      return { ok: true }
    }
    this.card.patch(c.checkinId, { busy: false })
    if (ack.code === INTERACTION_ERRORS.over) {
      if (this.card.is(c.checkinId)) this.card.close()
      return this.x.refuse(ack.code, ix('checkin.over'))
    }
    return this.x.refused(ack)
  }
}
