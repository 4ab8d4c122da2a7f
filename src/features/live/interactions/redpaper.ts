import { INTERACTION_ERRORS, type InteractionServerEvents } from '../../../../contract/schemas/live-interactions'
import { type IxContext, isObj, isUser, num, str } from './context'
import type { IxHandlers, IxResult, RedPacket } from './types'

export const REDPAPERS_KEPT = 20
export const GRAB_FEED = 30

export class RedPackets {
  constructor(private readonly x: IxContext) {}

  readonly on: IxHandlers = {
    REDPAPER: (p) => this.onPacket(p),
    REDPAPER_GRABBED: (p) => this.onGrabbed(p),
  }

  private onPacket(p: InteractionServerEvents['REDPAPER']): void {
    if (typeof p.redpaperId !== 'number' || !isUser(p.user)) return
    if (this.x.state.redpapers.some((r) => r.redpaperId === p.redpaperId)) return
    const packet: RedPacket = {
      redpaperId: p.redpaperId,
      user: p.user,
      totalPoints: num(p.totalPoints),
      count: num(p.count),
      greeting: str(p.greeting),
      left: num(p.count),
      grabs: [],
      grab: { state: 'idle', points: 0 },
    }
    this.x.set({ redpapers: [...this.x.state.redpapers, packet].slice(-REDPAPERS_KEPT) })
    this.x.line({ kind: 'redpaper', user: p.user, redpaperId: p.redpaperId, greeting: packet.greeting })
    this.x.d.fire({ type: 'redpaper', redpaperId: p.redpaperId })
  }

  private onGrabbed(p: InteractionServerEvents['REDPAPER_GRABBED']): void {
    if (!isUser(p.user)) return
    this.patch(p.redpaperId, (r) => ({
      ...r,
      left: Math.min(r.left, Math.max(0, num(p.left))),
      grabs: r.grabs.some((g) => g.user.userId === p.user.userId)
        ? r.grabs
        : [{ user: p.user, points: num(p.points) }, ...r.grabs].slice(0, GRAB_FEED),
    }))
  }

  private patch(id: number, fn: (r: RedPacket) => RedPacket): void {
    const list = this.x.state.redpapers
    if (!list.some((r) => r.redpaperId === id)) return
    this.x.set({ redpapers: list.map((r) => (r.redpaperId === id ? fn(r) : r)) })
  }

  packet(id: number): RedPacket | null {
    return this.x.state.redpapers.find((r) => r.redpaperId === id) ?? null
  }

  /** Grab a share of a red packet: points won, or 'all gone'. */
  async grab(redpaperId: number): Promise<IxResult> {
    const r = this.packet(redpaperId)
    if (r?.grab.state !== 'idle') return { ok: false }
    this.patch(redpaperId, (x) => ({ ...x, grab: { state: 'busy', points: 0 } }))
    const ack = await this.x.d.ask('GRAB_REDPAPER', { redpaperId })
    if (ack.ok) {
      const data = (isObj(ack.data) ? ack.data : {}) as { points?: unknown; balance?: unknown }
      const points = num(data.points)
      this.patch(redpaperId, (x) => ({
        ...x,
        ...(points > 0 ? {} : { left: 0 }),
        grab: { state: points > 0 ? 'won' : 'gone', points },
      }))
      if (typeof data.balance === 'number') this.x.set({ points: { ...this.x.state.points, balance: data.balance } })
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.already) {
      this.patch(redpaperId, (x) => ({ ...x, grab: { state: 'already', points: 0 } }))
      return { ok: true }
    }
    if (ack.code === INTERACTION_ERRORS.over) {
      this.patch(redpaperId, (x) => ({ ...x, left: 0, grab: { state: 'gone', points: 0 } }))
      return { ok: true }
    }
    this.patch(redpaperId, (x) => ({ ...x, grab: { state: 'idle', points: 0 } }))
    return this.x.refused(ack)
  }
}
