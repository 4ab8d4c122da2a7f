export interface UnreadInfo {
  informSum?: number | null
  orderSum?: number | null
  periodSum?: number | null
  planSum?: number | null
  subscribeSum?: number | null
}

/**
 * The spec's unread badge is informSum + orderSum + periodSum + planSum + subscribeSum; a count only helps when
 * the learner can open what it counts. Each sum names the page that lists it ('' while a later issue has not
 * defined what it counts: the server sends 0); the badge counts the sums whose page the app has (`counted`).
 * Messages (pages2/msg) and study plans (pages2/plan) joined with their pages (tests/unit/domain.test.ts
 * checks `counted` against src/app.config.ts).
 */
export const BADGE_SOURCES: ReadonlyArray<{ key: keyof UnreadInfo; page: string; counted: boolean }> = [
  { key: 'informSum', page: 'pages2/msg/index', counted: true },
  { key: 'orderSum', page: 'pages2/order/index', counted: true },
  { key: 'periodSum', page: '', counted: false },
  // today's planned study items not done yet (docs/DECISIONS.md "Study plans")
  { key: 'planSum', page: 'pages2/plan/index', counted: true },
  // booked exam sittings whose commitment letter is not signed (docs/DECISIONS.md "Messages")
  { key: 'subscribeSum', page: 'pages5/examAppointList', counted: true },
]

const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0)

/** The unread badge: the sums the learner can open (BADGE_SOURCES); missing or bad values count 0. */
export function unreadSum(info: UnreadInfo | null | undefined): number {
  if (!info) return 0
  return BADGE_SOURCES.reduce((sum, s) => sum + (s.counted ? n(info[s.key]) : 0), 0)
}
