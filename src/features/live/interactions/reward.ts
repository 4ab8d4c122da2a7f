/** Rewards (issue 14): the learner gives the lecturer some of their tenant points; the room shows every reward. */
import { CHAT_ERRORS } from '../../../../contract/schemas/live-codes'
import { INTERACTION, INTERACTION_ERRORS } from '../../../../contract/schemas/live-interactions'
import { type IxContext, isObj, isUser, num } from './context'
import { ix } from './messages'
import type { IxHandlers, IxResult } from './types'

export class Reward {
  constructor(private readonly x: IxContext) {}

  readonly on: IxHandlers = {
    REWARD: (p) => {
      if (isUser(p.user)) this.x.line({ kind: 'reward', user: p.user, points: num(p.points) })
    },
  }

  /** My points balance (for the reward sheet). */
  async loadBalance(): Promise<number | null> {
    const fetch = this.x.d.fetchBalance
    const points = this.x.state.points
    if (!fetch || points.loading) return points.balance
    this.x.set({ points: { ...points, loading: true } })
    try {
      const balance = await fetch()
      this.x.set({ points: { ...this.x.state.points, balance, loading: false } })
      return balance
    } catch {
      this.x.set({ points: { ...this.x.state.points, loading: false } })
      return this.x.state.points.balance
    }
  }

  /** Reward the lecturer with my points (1..REWARD_MAX_POINTS; never more than I have). */
  async reward(points: number): Promise<IxResult> {
    if (this.x.state.points.rewarding) return { ok: false }
    if (!Number.isSafeInteger(points) || points < 1 || points > INTERACTION.REWARD_MAX_POINTS)
      return this.x.refuse(CHAT_ERRORS.badRequest, ix('reward.range', { max: INTERACTION.REWARD_MAX_POINTS }))
    const balance = this.x.state.points.balance
    if (balance !== null && balance < points)
      return this.x.refuse(INTERACTION_ERRORS.points, ix('reward.short', { balance }))
    this.x.set({ points: { ...this.x.state.points, rewarding: true } })
    const ack = await this.x.d.ask('REWARD', { points })
    this.x.set({ points: { ...this.x.state.points, rewarding: false } })
    if (ack.ok) {
      const data = isObj(ack.data) ? ack.data : {}
      if (typeof data.balance === 'number') this.x.set({ points: { ...this.x.state.points, balance: data.balance } })
      this.x.d.toast(ix('reward.done', { n: points }))
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.points) {
      // the server's balance is the truth: read it again for the sheet
      void this.loadBalance()
      return this.x.refuse(ack.code, ix('reward.shortUnknown'))
    }
    if (ack.code === CHAT_ERRORS.badRequest) return this.x.refuse(ack.code, ix('reward.noTeacher'))
    return this.x.refused(ack)
  }
}
