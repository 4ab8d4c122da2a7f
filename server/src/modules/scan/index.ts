/**
 * Scan login (GET /scan_code, POST /scan_login_check; docs/DECISIONS.md "Scan login"). A PC asks for a ticket and
 * shows it as a QR code; the learner's app scans it (claims it for the learner), shows which device asks, and
 * confirms or cancels; the PC polls with the key only it was given and collects, once, a session of its own (a token
 * bound to the PC's device uuid, subject to the single-device lock like any login). All state is in the database and
 * every step is one conditional UPDATE, so several server processes agree and two confirms cannot both win.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, count, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm'
import type { SCAN_STATUS } from '../../../../contract/schemas/scan'
import { scanTicket, sysUser } from '../../db/schema'
import { AppError, type Ctx, type Handlers, requireUser, toSeconds } from '../../http/core'
import { issueToken } from '../../services/tokens'
import { describeAgent, maskIp } from './agent'

export const SCAN_LIMITS = {
  /** a new QR code lives 3 minutes */
  ttlSeconds: 180,
  /** after a scan (and after a confirm) there are at least this many seconds left to confirm (to collect) */
  graceSeconds: 60,
  /** new tickets per client address and tenant in 10 minutes */
  perIpMax: 30,
  perIpWindowSeconds: 600,
} as const

export const SCAN_QR_PATH = '/pages4/login/pcLogin'

type Status = (typeof SCAN_STATUS)[number]
type Row = typeof scanTicket.$inferSelect

const notFound = () => new AppError(404, 'scan code not found')
const sha256 = (s: string) => createHash('sha256').update(s).digest()
const qrPath = (ticket: string) => `${SCAN_QR_PATH}?ticket=${ticket}`
const secondsFromNow = (s: number) => new Date(Date.now() + s * 1000)

const isLive = (r: Row) => r.expiresAt.getTime() > Date.now()
/** what the PC and the learner are told: a ticket still open but past its time is 'expired' */
const statusOf = (r: Row): Status =>
  (r.status === 'waiting' || r.status === 'scanned' || r.status === 'confirmed') && !isLive(r)
    ? 'expired'
    : (r.status as Status)

async function load(ctx: Ctx, ticket: string): Promise<Row> {
  const [row] = await ctx.db
    .select()
    .from(scanTicket)
    .where(ctx.scope.where(scanTicket, eq(scanTicket.ticket, ticket)))
  if (!row) throw notFound()
  return row
}

async function create(ctx: Ctx, deviceUuid: string | undefined, userAgent: string) {
  // housekeeping: this tenant's tickets gone for a day
  await ctx.db
    .delete(scanTicket)
    .where(ctx.scope.where(scanTicket, lt(scanTicket.expiresAt, new Date(Date.now() - 86_400_000))))
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(scanTicket)
    .where(
      ctx.scope.where(
        scanTicket,
        eq(scanTicket.pcIp, ctx.ip.slice(0, 64)),
        gt(scanTicket.createdAt, new Date(Date.now() - SCAN_LIMITS.perIpWindowSeconds * 1000)),
      ),
    )
  if (Number(recent?.n ?? 0) >= SCAN_LIMITS.perIpMax)
    throw new AppError(429, 'too many scan codes from this address: retry in a few minutes')
  const ticket = randomBytes(24).toString('base64url')
  const pollKey = randomBytes(24).toString('base64url')
  const expiresAt = secondsFromNow(SCAN_LIMITS.ttlSeconds)
  await ctx.db.insert(scanTicket).values(
    ctx.scope.row({
      ticket,
      pollKeyHash: sha256(pollKey).toString('hex'),
      pcDeviceUuid: deviceUuid ?? '',
      pcUserAgent: userAgent.slice(0, 512),
      pcIp: ctx.ip.slice(0, 64),
      expiresAt,
    }),
  )
  return {
    ticket,
    pollKey,
    qrPath: qrPath(ticket),
    status: 'waiting' as const,
    expiresAt: toSeconds(expiresAt),
    login: null,
  }
}

/**
 * The PC's poll: only with the ticket's own poll key (someone who only saw the QR gets 404). A confirmed ticket is
 * consumed by the first poll that gets to it (conditional UPDATE), in the same transaction as the PC's token.
 */
async function poll(ctx: Ctx, ticket: string, pollKey: string) {
  const row = await load(ctx, ticket)
  const want = Buffer.from(row.pollKeyHash, 'hex')
  const got = sha256(pollKey)
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw notFound()
  let login: { token: string; userAccount: string; newUser: boolean } | null = null
  let status = statusOf(row)
  if (status === 'confirmed' && row.userId !== null) {
    const userId = row.userId
    login = await ctx.db.transaction(async (tx) => {
      const taken = await tx
        .update(scanTicket)
        .set({ status: 'consumed' })
        .where(
          ctx.scope.where(
            scanTicket,
            eq(scanTicket.id, row.id),
            eq(scanTicket.status, 'confirmed'),
            gt(scanTicket.expiresAt, new Date()),
          ),
        )
        .returning({ id: scanTicket.id })
      if (taken.length === 0) return null // another poll took it
      const [user] = await tx
        .select({ userAccount: sysUser.userAccount })
        .from(sysUser)
        .where(ctx.scope.where(sysUser, eq(sysUser.id, userId)))
      if (!user) return null
      const token = await issueToken(tx, ctx.scope, ctx.config, userId, row.pcDeviceUuid)
      return { token, userAccount: user.userAccount, newUser: false }
    })
    status = login ? 'consumed' : statusOf(await load(ctx, ticket))
    if (login) ctx.log.info({ ticket: ticket.slice(0, 6), userId }, 'scan login: the PC took its session')
  }
  return {
    ticket,
    pollKey: null,
    qrPath: qrPath(ticket),
    status,
    expiresAt: toSeconds(row.expiresAt),
    login,
  }
}

/** Why a step of the learner's did not apply, from the ticket as it is now. */
function refusal(row: Row, userId: number, action: 'scan' | 'confirm' | 'cancel'): AppError {
  if (row.status === 'confirmed' || row.status === 'consumed')
    return new AppError(400, 'scan code has already been used')
  if (row.status === 'cancelled') return new AppError(400, 'scan code was cancelled')
  if (!isLive(row)) return new AppError(400, 'scan code has expired')
  if (row.status === 'scanned' && row.userId !== userId)
    return new AppError(403, 'scan code was scanned by another account')
  if (action === 'confirm' && row.status === 'waiting') return new AppError(400, 'scan the code before confirming')
  return new AppError(400, 'scan code has already been used')
}

export const handlers: Handlers = {
  'GET /scan_code': async (ctx, { query, headers }) => {
    if (!query.ticket) return create(ctx, query.deviceUuid, String(headers['user-agent'] ?? ''))
    return poll(ctx, query.ticket, query.pollKey ?? '')
  },

  'POST /scan_login_check': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const row = await load(ctx, body.ticket)
    const live = gt(scanTicket.expiresAt, new Date())
    const mine = and(eq(scanTicket.status, 'scanned'), eq(scanTicket.userId, userId))
    const where = (...conds: (SQL | undefined)[]) =>
      ctx.scope.where(scanTicket, eq(scanTicket.id, row.id), live, ...conds)
    const grace = secondsFromNow(SCAN_LIMITS.graceSeconds)
    let changed: Row[]
    if (body.action === 'scan') {
      // claims it for this learner (again by the same learner: the confirm page was reloaded)
      changed = await ctx.db
        .update(scanTicket)
        .set({
          status: 'scanned',
          userId,
          expiresAt: sql`greatest(${scanTicket.expiresAt}, ${grace.toISOString()}::timestamptz)`,
        })
        .where(where(or(eq(scanTicket.status, 'waiting'), mine)))
        .returning()
    } else if (body.action === 'confirm') {
      changed = await ctx.db
        .update(scanTicket)
        .set({ status: 'confirmed', expiresAt: grace })
        .where(where(mine))
        .returning()
    } else {
      changed = await ctx.db
        .update(scanTicket)
        .set({ status: 'cancelled' })
        .where(where(or(eq(scanTicket.status, 'waiting'), mine)))
        .returning()
    }
    const now = changed[0]
    if (!now) throw refusal(await load(ctx, body.ticket), userId, body.action)
    const agent = describeAgent(now.pcUserAgent)
    return {
      status: statusOf(now),
      expiresAt: toSeconds(now.expiresAt),
      device: { ...agent, ip: maskIp(now.pcIp), createTime: toSeconds(now.createdAt) },
    }
  },
}
