/**
 * Red packets of points: each packet once, its grabs (also in the feed). Pure: ../room.ts folds these into the room.
 */
import { pushFeed } from './feed'
import type { FeedItem, KindEvents, RedpaperRun } from './types'

export type RedpaperPart = { redpapers: RedpaperRun[]; feed: FeedItem[] }

export const redpaperEvents: KindEvents<RedpaperPart> = {
  REDPAPER: (s, p) => {
    const { redpaperId, totalPoints, count, greeting } = p
    if (s.redpapers.some((r) => r.redpaperId === redpaperId)) return s
    return {
      ...s,
      redpapers: [{ redpaperId, totalPoints, count, greeting, grabs: [], left: count }, ...s.redpapers].slice(0, 20),
    }
  },
  REDPAPER_GRABBED: (s, p) => {
    const { redpaperId, user, points, left } = p
    return {
      ...s,
      redpapers: s.redpapers.map((r) =>
        r.redpaperId === redpaperId ? { ...r, left, grabs: [...r.grabs, { user, points }] } : r,
      ),
      feed: pushFeed(s.feed, { kind: 'grab', user, points, time: Date.now() }),
    }
  },
}
