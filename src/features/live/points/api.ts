/**
 * The learner's tenant points (red packets grabbed, rewards given): `GET <apiBase>/live/points` of the chat server
 * (contract/schemas/live-interactions.ts PointsPage; outside the contract routes, so through the app's one request
 * door directly). No socket here: the My-account points page imports this file alone, never ./index.ts.
 */
import { POINTS_PATH, type PointsLedgerRow, type PointsPage } from '../../../../contract/schemas/live-interactions'
import { request } from '../../../services/http/request'

export type { PointsLedgerRow, PointsPage }

export const POINTS_PAGE_SIZE = 20

const isRow = (r: unknown): r is PointsLedgerRow =>
  typeof r === 'object' &&
  r !== null &&
  typeof (r as PointsLedgerRow).id === 'number' &&
  typeof (r as PointsLedgerRow).delta === 'number'

/** One page of the ledger (newest first) with the balance. `quiet`: no mask, no toast (the page shows the failure). */
export async function pointsPage(pageNum: number, pageSize = POINTS_PAGE_SIZE, quiet = true): Promise<PointsPage> {
  const data = await request<Partial<PointsPage> | null>({
    url: POINTS_PATH,
    params: { pageNum, pageSize },
    noLoading: quiet,
    silent: quiet,
  })
  const rows = Array.isArray(data?.rows) ? data.rows.filter(isRow) : []
  return {
    balance: typeof data?.balance === 'number' ? data.balance : 0,
    rows,
    total: typeof data?.total === 'number' ? data.total : rows.length,
  }
}

/** The balance alone (the room's reward sheet). */
export async function pointsBalance(): Promise<number> {
  return (await pointsPage(1, 1)).balance
}
