/** News (consultation articles) by category, for the news list and the counselor page (docs/DECISIONS.md "News"). */
import type { RouteData } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export type NewsPage = RouteData<'GET /app/consultation/list'>
export type NewsCategory = NewsPage['categories'][number]
export type NewsRow = NewsPage['rows'][number]

/** One page of articles; `categoryId` 0 / absent = every article. Every answer carries the tenant's categories. */
export function newsList(q: { pageNum: number; pageSize: number; categoryId?: number }, opts?: CallOptions) {
  const query = { pageNum: q.pageNum, pageSize: q.pageSize, ...(q.categoryId ? { categoryId: q.categoryId } : {}) }
  return call('GET /app/consultation/list', { query }, opts)
}
