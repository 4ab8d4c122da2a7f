/**
 * The staff desk's certificates (contract/staff.ts, managers), registered by the route loop like every call
 * (server/src/app.ts): the certificates issued, and revoking one (e.g. misconduct found later), after which its
 * public verification (./certificates.ts) says so.
 */
import { and, desc, eq, isNull } from 'drizzle-orm'
import { certificate, sysUser } from '../../db/schema'
import { AppError, type Handlers } from '../../http/core'

export const handlers: Handlers = {
  'GET /staff/certificates': async (ctx) => {
    const rows = await ctx.db
      .select({
        serial: certificate.serial,
        userAccount: sysUser.userAccount,
        realName: certificate.realName,
        examName: certificate.examName,
        score: certificate.score,
        issuedAt: certificate.issuedAt,
        revokedAt: certificate.revokedAt,
      })
      .from(certificate)
      .innerJoin(sysUser, eq(sysUser.id, certificate.userId))
      .where(ctx.scope.where(certificate))
      .orderBy(desc(certificate.issuedAt))
      .limit(100)
    return rows.map((r) => ({
      ...r,
      issuedAt: r.issuedAt.toISOString(),
      revokedAt: r.revokedAt?.toISOString() ?? null,
    }))
  },

  'POST /staff/certificates/:serial/revoke': async (ctx, { params }) => {
    const [row] = await ctx.db
      .update(certificate)
      .set({ revokedAt: new Date() })
      .where(ctx.scope.where(certificate, and(eq(certificate.serial, params.serial), isNull(certificate.revokedAt))))
      .returning({ serial: certificate.serial, revokedAt: certificate.revokedAt })
    if (!row) throw new AppError(400, 'no valid certificate with that serial')
    return { serial: row.serial, revokedAt: row.revokedAt?.toISOString() ?? null }
  },
}
