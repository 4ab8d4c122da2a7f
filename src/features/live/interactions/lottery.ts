/** Lottery (issue 14): the draw on the server's clock, the winners, and a winner's claim form sent once. */
import { CHAT_ERRORS } from '../../../../contract/schemas/live-codes'
import {
  INTERACTION,
  INTERACTION_ERRORS,
  type InteractionServerEvents,
} from '../../../../contract/schemas/live-interactions'
import { isPhone } from '../../../../shared/rules/phone'
import { chars, type IxContext, isUser, num, Running, str } from './context'
import { ix } from './messages'
import type { IxHandlers, IxResult } from './types'

export class Lottery {
  private readonly card: Running<'lottery'>

  constructor(private readonly x: IxContext) {
    this.card = new Running(x, 'lottery', (l) => l.lotteryId)
  }

  readonly on: IxHandlers = {
    LOTTERY_START: (p) => {
      if (typeof p.lotteryId !== 'number') return
      this.card.put({
        lotteryId: p.lotteryId,
        prize: str(p.prize),
        winnerCount: num(p.winnerCount),
        drawAt: num(p.drawAt, this.x.serverNow() + INTERACTION.LOTTERY_DRAW_MS),
        phase: 'drawing',
        winners: [],
        won: false,
        claim: 'none',
      })
      this.x.d.fire({ type: 'lottery', lotteryId: p.lotteryId })
    },
    ON_LOTTERY: (p) => this.onDrawn(p),
    LOTTERY_END: () => undefined,
  }

  private onDrawn(p: InteractionServerEvents['ON_LOTTERY']): void {
    if (typeof p.lotteryId !== 'number') return
    const winners = Array.isArray(p.winners) ? p.winners.filter(isUser) : []
    const me = this.x.d.me()
    const won = !!me && winners.some((w) => w.userId === me.userId)
    const same = this.card.is(p.lotteryId) ? this.card.get() : null
    this.card.put({
      lotteryId: p.lotteryId,
      prize: str(p.prize) || same?.prize || '',
      winnerCount: same?.winnerCount ?? winners.length,
      drawAt: same?.drawAt ?? this.x.serverNow(),
      phase: 'drawn',
      winners,
      won,
      claim: same?.claim ?? 'none',
    })
    this.x.d.fire({ type: 'lotteryDrawn', lotteryId: p.lotteryId, won })
  }

  /** A winner's claim form, sent once: name, mobile phone (spec §5 rule) and address. */
  async claim(form: { name: string; phone: string; address: string }): Promise<IxResult> {
    const l = this.card.get()
    if (!l?.won || l.phase !== 'drawn' || l.claim !== 'none') return { ok: false }
    const name = form.name.trim()
    const phone = form.phone.trim()
    const address = form.address.trim()
    if (!name || chars(name) > 30) return this.x.refuse(CHAT_ERRORS.badRequest, ix('claim.name'), false)
    if (!isPhone(phone)) return this.x.refuse(CHAT_ERRORS.badRequest, ix('claim.phone'), false)
    if (!address || chars(address) > 200) return this.x.refuse(CHAT_ERRORS.badRequest, ix('claim.address'), false)
    this.card.patch(l.lotteryId, { claim: 'sending' })
    const ack = await this.x.d.ask('LOTTERY_CLAIM', { lotteryId: l.lotteryId, name, phone, address })
    if (ack.ok || ack.code === INTERACTION_ERRORS.already) {
      this.card.patch(l.lotteryId, { claim: 'sent' })
      this.x.d.toast(ix(ack.ok ? 'claim.done' : 'claim.already'))
      return { ok: true }
    }
    this.card.patch(l.lotteryId, { claim: 'none' })
    if (ack.code === INTERACTION_ERRORS.notWinner) return this.x.refuse(ack.code, ix('claim.notWinner'))
    if (ack.code === INTERACTION_ERRORS.over) return this.x.refuse(ack.code, ix('lottery.over'))
    if (ack.code === CHAT_ERRORS.badRequest) return this.x.refuse(ack.code, ix('claim.invalid'))
    return this.x.refused(ack)
  }

  dismiss(): void {
    const l = this.card.get()
    // a winner who has not claimed keeps the card (the room shows a way back to the form)
    if (l && l.phase === 'drawn' && !(l.won && l.claim !== 'sent')) this.card.put(null)
  }
}
