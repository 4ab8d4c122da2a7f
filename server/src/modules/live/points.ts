/**
 * Tenant points (docs/DECISIONS.md "Live — interactions", points): a balance per learner (points_account) and a
 * ledger row for every change with the balance after it (points_ledger), both written in ONE transaction. A
 * balance never goes below 0: a debit is a conditional update (`balance >= points`), and the table's check
 * constraint backs it. Red packets are the school's points (minted, nobody is debited); a reward moves points from
 * the learner to the teacher. Real money never moves here. The learner reads the balance and the ledger with
 * `GET <apiBase>/live/points` (a contract route the spec does not list: contract/schemas/live-interactions.ts).
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { PointsLedgerRow, PointsPage, PointsReason } from '../../../../contract/schemas/live-interactions'
import type { Db } from '../../db'
import { toInt } from '../../db'
import { liveSession, pointsAccount, pointsLedger } from '../../db/schema'
import { type Handlers, requireUser, TenantScope } from '../../http/core'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface LedgerRef {
  sessionId?: number | null
  refId?: number | null
  otherUserId?: number | null
  note?: string
}

/** Adds `points` (> 0) to the user's balance; answers the balance after. */
export async function creditPoints(
  tx: Tx | Db,
  tenantId: number,
  userId: number,
  points: number,
  reason: PointsReason,
  ref: LedgerRef = {},
): Promise<number> {
  const s = new TenantScope(tenantId)
  const [acc] = await tx
    .insert(pointsAccount)
    .values(s.row({ userId, balance: points }))
    .onConflictDoUpdate({
      target: [pointsAccount.tenantId, pointsAccount.userId],
      set: { balance: sql`${pointsAccount.balance} + ${points}`, updatedAt: new Date() },
    })
    .returning({ balance: pointsAccount.balance })
  await ledger(tx, s, userId, points, acc!.balance, reason, ref)
  return acc!.balance
}

/** Takes `points` (> 0) from the user's balance; null (and nothing changed) when the balance is short. */
export async function debitPoints(
  tx: Tx,
  tenantId: number,
  userId: number,
  points: number,
  reason: PointsReason,
  ref: LedgerRef = {},
): Promise<number | null> {
  const s = new TenantScope(tenantId)
  const [acc] = await tx
    .update(pointsAccount)
    .set({ balance: sql`${pointsAccount.balance} - ${points}`, updatedAt: new Date() })
    .where(s.where(pointsAccount, eq(pointsAccount.userId, userId), gte(pointsAccount.balance, points)))
    .returning({ balance: pointsAccount.balance })
  if (!acc) return null
  await ledger(tx, s, userId, -points, acc.balance, reason, ref)
  return acc.balance
}

async function ledger(
  tx: Tx | Db,
  s: TenantScope,
  userId: number,
  delta: number,
  balance: number,
  reason: PointsReason,
  ref: LedgerRef,
) {
  await tx.insert(pointsLedger).values(
    s.row({
      userId,
      delta,
      balance,
      reason,
      sessionId: ref.sessionId ?? null,
      refId: ref.refId ?? null,
      otherUserId: ref.otherUserId ?? null,
      note: (ref.note ?? '').slice(0, 100),
    }),
  )
}

/** The school gives points (an operator or a seed; also tests): a ledger row with reason `grant`. */
export function grantPoints(db: Db, tenantId: number, userId: number, points: number, note = ''): Promise<number> {
  return db.transaction((tx) => creditPoints(tx, tenantId, userId, points, 'grant', { note }))
}

export async function balanceOf(db: Db | Tx, tenantId: number, userId: number): Promise<number> {
  const s = new TenantScope(tenantId)
  const [row] = await db
    .select({ balance: pointsAccount.balance })
    .from(pointsAccount)
    .where(s.where(pointsAccount, eq(pointsAccount.userId, userId)))
  return row?.balance ?? 0
}

/** The learner's balance and a page of their ledger, newest first. */
export async function pointsPage(
  db: Db,
  tenantId: number,
  userId: number,
  pageNum: number,
  pageSize: number,
): Promise<PointsPage> {
  const s = new TenantScope(tenantId)
  const mine = s.where(pointsLedger, eq(pointsLedger.userId, userId))
  const [balance, rows, [count]] = await Promise.all([
    balanceOf(db, tenantId, userId),
    db
      .select({
        id: pointsLedger.id,
        delta: pointsLedger.delta,
        balance: pointsLedger.balance,
        reason: pointsLedger.reason,
        sessionId: pointsLedger.sessionId,
        sessionTitle: liveSession.title,
        note: pointsLedger.note,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .leftJoin(
        liveSession,
        and(eq(liveSession.id, pointsLedger.sessionId), eq(liveSession.tenantId, pointsLedger.tenantId)),
      )
      .where(mine)
      .orderBy(desc(pointsLedger.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: sql<number>`count(*)` }).from(pointsLedger).where(mine),
  ])
  return {
    balance,
    total: toInt(count?.n),
    rows: rows.map(
      (r): PointsLedgerRow => ({
        id: r.id,
        delta: r.delta,
        balance: r.balance,
        reason: r.reason as PointsReason,
        sessionId: r.sessionId,
        sessionTitle: r.sessionTitle ?? '',
        note: r.note,
        timeMs: r.createdAt.getTime(),
      }),
    ),
  }
}

export const handlers: Handlers = {
  /** the learner's balance and ledger, newest first */
  'GET /live/points': async (ctx, { query }) =>
    pointsPage(ctx.db, ctx.scope.tenantId, requireUser(ctx).userId, query.pageNum, query.pageSize),
}
