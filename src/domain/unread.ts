export interface UnreadInfo {
  informSum?: number | null
  orderSum?: number | null
  periodSum?: number | null
  planSum?: number | null
  subscribeSum?: number | null
}

const n = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0)

/** Unread badge = informSum + orderSum + periodSum + planSum + subscribeSum (missing or bad values count 0). */
export function unreadSum(info: UnreadInfo | null | undefined): number {
  if (!info) return 0
  return n(info.informSum) + n(info.orderSum) + n(info.periodSum) + n(info.planSum) + n(info.subscribeSum)
}
