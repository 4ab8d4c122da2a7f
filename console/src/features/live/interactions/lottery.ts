/** The lottery: drawing, the winners (also in the feed), ended. Pure: ../room.ts folds these into the room. */
import { pushFeed } from './feed'
import type { FeedItem, KindEvents, LotteryRun } from './types'

export type LotteryPart = { lottery: LotteryRun | null; feed: FeedItem[] }

export const lotteryEvents: KindEvents<LotteryPart> = {
  LOTTERY_START: (s, p) => {
    const { lotteryId, prize, winnerCount, drawAt } = p
    return { ...s, lottery: { lotteryId, prize, winnerCount, drawAt, winners: null, ended: false } }
  },
  ON_LOTTERY: (s, p) => {
    const { lotteryId, prize, winners } = p
    const lottery: LotteryRun =
      s.lottery?.lotteryId === lotteryId
        ? { ...s.lottery, winners }
        : { lotteryId, prize, winnerCount: winners.length, drawAt: Date.now(), winners, ended: false }
    return {
      ...s,
      lottery,
      feed: pushFeed(s.feed, { kind: 'winners', prize, winners, time: Date.now() }),
    }
  },
  LOTTERY_END: (s, p) => {
    const { lotteryId } = p
    return s.lottery?.lotteryId === lotteryId ? { ...s, lottery: { ...s.lottery, ended: true } } : s
  },
}
