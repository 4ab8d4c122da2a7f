/**
 * The check-ins of the class as the console follows them: a new one stops the one before; signatures once each, the
 * server's count kept. Pure: ../room.ts folds these into the room.
 */
import type { CheckinRun, KindEvents } from './types'

export type CheckinPart = { checkins: CheckinRun[] }

export const checkinEvents: KindEvents<CheckinPart> = {
  SIGN_IN: (s, p) => {
    const { checkinId, message, endsAt } = p
    if (s.checkins.some((c) => c.checkinId === checkinId)) return s
    const run: CheckinRun = { checkinId, message, endsAt, signed: [], count: 0, stopped: false }
    return { ...s, checkins: [run, ...s.checkins.map((c) => ({ ...c, stopped: true }))] }
  },
  TO_SIGN_IN: (s, p) => {
    const { checkinId, user, signed } = p
    return {
      ...s,
      checkins: s.checkins.map((c) =>
        c.checkinId !== checkinId
          ? c
          : {
              ...c,
              count: Math.max(c.count, signed),
              signed: c.signed.some((u) => u.userId === user.userId) ? c.signed : [user, ...c.signed],
            },
      ),
    }
  },
  STOP_SIGN_IN: (s, p) => {
    const { checkinId, signed } = p
    return {
      ...s,
      checkins: s.checkins.map((c) =>
        c.checkinId === checkinId ? { ...c, stopped: true, count: Math.max(c.count, signed) } : c,
      ),
    }
  },
}
