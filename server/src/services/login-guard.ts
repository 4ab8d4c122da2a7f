/**
 * Per-account back-off of password guessing (docs/DECISIONS.md "Session"). The per-IP limits of the login
 * routes do not stop guessing from many addresses, so every password attempt of an account also counts
 * against the account (per tenant): more than `maxFailures` attempts in a window of `windowSeconds` that
 * opens with the first one refuse password logins of that account (429, without checking the password) until
 * the window ends. A right password, an SMS login or a password reset by SMS clears the count.
 *
 * An attempt is counted BEFORE its password is checked and forgotten when it succeeds, so a burst of
 * parallel guesses cannot slip past the limit while their checks run. Account names that do not exist are
 * counted and refused the same way (the answer does not tell whether an account exists).
 *
 * The counts live behind `LoginGuardStore`: in Redis when REDIS_URL is set (one atomic script per attempt, the
 * key expires with its window), else in the database (shared by every server process on one database).
 */
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { loginGuard } from '../db/schema'
import { AppError, type Ctx } from '../http/core'
import type { SharedRedis } from './shared/redis'

export interface LoginGuardStore {
  /**
   * Counts one attempt of the subject: in its open window, or in a new window starting `now` when the last
   * one has ended. Answers the attempts counted in the window (this one included) and when the window ends.
   */
  hit(tenantId: number, subject: string, now: Date, windowMs: number): Promise<{ attempts: number; resetAt: Date }>
  /** Forgets the subject's attempts. */
  clear(tenantId: number, subject: string): Promise<void>
}

/** One row per tenant + subject (table login_guard); expired rows are pruned when a new window opens. */
export class DbLoginGuardStore implements LoginGuardStore {
  constructor(private readonly db: Db) {}

  async hit(tenantId: number, subject: string, now: Date, windowMs: number) {
    const at = sql`${now.toISOString()}::timestamptz`
    const ended = sql`${loginGuard.windowStart} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`
    // one statement: concurrent attempts of one subject are each counted once
    const [row] = await this.db
      .insert(loginGuard)
      .values({ tenantId, subject, attempts: 1, windowStart: now })
      .onConflictDoUpdate({
        target: [loginGuard.tenantId, loginGuard.subject],
        set: {
          attempts: sql`case when ${ended} then 1 else ${loginGuard.attempts} + 1 end`,
          windowStart: sql`case when ${ended} then ${at} else ${loginGuard.windowStart} end`,
        },
      })
      .returning({ attempts: loginGuard.attempts, windowStart: loginGuard.windowStart })
    if (row!.attempts === 1) await this.prune(now, windowMs)
    return { attempts: row!.attempts, resetAt: new Date(row!.windowStart.getTime() + windowMs) }
  }

  async clear(tenantId: number, subject: string) {
    await this.db.delete(loginGuard).where(and(eq(loginGuard.tenantId, tenantId), eq(loginGuard.subject, subject)))
  }

  private async prune(now: Date, windowMs: number) {
    await this.db.delete(loginGuard).where(lt(loginGuard.windowStart, new Date(now.getTime() - windowMs)))
  }
}

/** INCR, and PEXPIRE when the window opens (or the key lost its TTL); answers the count and the window's rest. */
const REDIS_HIT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`

/** One key per tenant + subject, `<prefix>:guard:<tenant>:<subject>`, living as long as its window. */
export class RedisLoginGuardStore implements LoginGuardStore {
  constructor(private readonly redis: SharedRedis) {}
  private key = (tenantId: number, subject: string) => `${this.redis.prefix}:guard:${tenantId}:${subject}`

  async hit(tenantId: number, subject: string, now: Date, windowMs: number) {
    const [attempts, ttl] = (await this.redis.cmd.eval(REDIS_HIT, 1, this.key(tenantId, subject), windowMs)) as [
      number,
      number,
    ]
    return { attempts, resetAt: new Date(now.getTime() + ttl) }
  }

  async clear(tenantId: number, subject: string) {
    await this.redis.cmd.del(this.key(tenantId, subject))
  }
}

/** The store of this request: Redis when configured, else the database. */
const storeOf = (ctx: Ctx): LoginGuardStore =>
  ctx.services.redis ? new RedisLoginGuardStore(ctx.services.redis) : new DbLoginGuardStore(ctx.db)

/** The subject of an account, or of an account name that matches no account. */
export const accountSubject = (userId: number) => `u${userId}`
export const unknownSubject = (name: string) => `a${name.trim().toLowerCase().slice(0, 64)}`

/** How the refusal ends: the password login pages point to the SMS login, the password change to the reset. */
export type GuardedAction = 'login' | 'changePassword'

/** What is left of the subject's window after a counted attempt. */
export interface PasswordAttempt {
  /** wrong passwords still allowed before password logins are refused (0: the next one is refused) */
  left: number
  /** minutes until the window ends (how long a lock lasts from now) */
  minutes: number
  /** the window's limit (config loginGuard.maxFailures) */
  max: number
}

/**
 * Counts a password attempt of the subject; throws 429 when the subject has used up its window (the password
 * must then not be checked). Call `passwordAccepted` when the password was right, else throw `wrongPassword`.
 */
export async function countPasswordAttempt(
  ctx: Ctx,
  subject: string,
  action: GuardedAction = 'login',
): Promise<PasswordAttempt> {
  const { maxFailures, windowSeconds } = ctx.config.loginGuard
  const now = new Date()
  const { attempts, resetAt } = await storeOf(ctx).hit(ctx.scope.tenantId, subject, now, windowSeconds * 1000)
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000))
  if (attempts <= maxFailures) return { left: maxFailures - attempts, minutes, max: maxFailures }
  if (attempts === maxFailures + 1)
    ctx.log.warn({ tenantId: ctx.scope.tenantId, subject }, 'password attempts refused until the window ends')
  throw new AppError(
    429,
    action === 'login'
      ? `密码错误次数过多，请${minutes}分钟后再试，或使用短信验证码登录`
      : `密码错误次数过多，请${minutes}分钟后再试，或退出后通过短信验证码重设密码`,
  )
}

/**
 * The refusal of a wrong password (400). Once half of the window's attempts are used it says how many are left
 * before the lock, and the last one that the lock has begun (docs/DECISIONS.md "Shop, account and home fixes").
 * An account name that matches no account is counted the same way, so the words never tell whether it exists.
 */
export function wrongPassword(wrong: string, attempt: PasswordAttempt): AppError {
  if (attempt.left === 0) return new AppError(400, `${wrong}, locked for ${attempt.minutes} minutes`)
  if (attempt.left <= Math.floor(attempt.max / 2))
    return new AppError(400, `${wrong}, ${attempt.left} attempts left before a ${attempt.minutes}-minute lock`)
  return new AppError(400, wrong)
}

/** The right password, an SMS login or a reset by SMS: the subject's attempts are forgotten. */
export async function passwordAccepted(ctx: Ctx, subject: string) {
  try {
    await storeOf(ctx).clear(ctx.scope.tenantId, subject)
  } catch (err) {
    // the login itself succeeded (an SMS login must not fail while Redis is away); the count expires with its window
    ctx.log.warn({ err, tenantId: ctx.scope.tenantId, subject }, 'login guard: could not clear the count')
  }
}
