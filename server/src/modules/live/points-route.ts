/**
 * The learner's points (docs/DECISIONS.md "Live — interactions", points), outside the contract (which holds only
 * the spec's calls): `GET <apiBase>/live/points?pageNum=1&pageSize=10` answers the usual envelope with
 * `{ balance, rows, total }` (contract/schemas/live-interactions.ts PointsPage), rows newest first. Authenticated
 * exactly like a contract route: the `tenant-id` header (a tenant that exists) and the learner's bearer token of
 * that tenant (another tenant's token is unknown here: 401).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { POINTS_PATH } from '../../../../contract/schemas/live-interactions'
import type { Db } from '../../db'
import { AppError, envelope } from '../../http/core'
import { requestTenant } from '../../http/staff-auth'
import { authenticate } from '../../services/tokens'
import { pointsPage } from './points'

const query = z.object({
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
})

export async function registerLivePointsRoute(app: FastifyInstance, db: Db, apiBase: string) {
  app.get(`${apiBase}${POINTS_PATH}`, async (req) => {
    const scope = await requestTenant(db, req)
    const user = await authenticate(db, scope, req.headers.authorization)
    const q = query.safeParse(req.query ?? {})
    if (!q.success) throw new AppError(400, 'pageNum and pageSize: whole numbers, pageSize 1 to 100')
    return envelope(200, 'ok', await pointsPage(db, scope.tenantId, user.userId, q.data.pageNum, q.data.pageSize))
  })
}
