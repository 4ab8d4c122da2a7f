/**
 * The study ranking of My account (docs/DECISIONS.md "Ranking"): `GET /app/user/rankingList` without an examId.
 * (With one it is the exam's ranking: ./exam.ts `ranking`.)
 */
import type { RouteData } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export type RankBy = 'hours' | 'questions' | 'rate'
export type RankPeriod = 'week' | 'month' | 'all'
export type StudyRanking = RouteData<'GET /app/user/rankingList'>
export type StudyRankingRow = StudyRanking['rows'][number]

export const RANKING_LIMIT = 50

export function studyRanking(by: RankBy, period: RankPeriod, opts?: CallOptions) {
  return call('GET /app/user/rankingList', { query: { by, period, limit: RANKING_LIMIT } }, opts)
}
