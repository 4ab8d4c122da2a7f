/**
 * The feed of what learners give: rewards, flowers, grabs and lottery winners, newest first. Pure: ../room.ts folds
 * these into the room.
 */
import type { FeedItem, KindEvents } from './types'

/** the feed keeps this many items */
const KEEP_FEED = 100

let feedSeq = 0
/** A new feed item first, at most KEEP_FEED. */
export const pushFeed = (feed: FeedItem[], item: FeedItemInput): FeedItem[] =>
  [{ id: ++feedSeq, ...item } as FeedItem, ...feed].slice(0, KEEP_FEED)

type FeedItemInput = FeedItem extends infer F ? (F extends FeedItem ? Omit<F, 'id'> : never) : never

export type FeedPart = { feed: FeedItem[] }

export const feedEvents: KindEvents<FeedPart> = {
  REWARD: (s, p) => {
    const { user, points } = p
    return { ...s, feed: pushFeed(s.feed, { kind: 'reward', user, points, time: Date.now() }) }
  },
  FLOWERS: (s, p) => {
    const { user, total } = p
    return { ...s, feed: pushFeed(s.feed, { kind: 'flowers', user, total, time: Date.now() }) }
  },
}
