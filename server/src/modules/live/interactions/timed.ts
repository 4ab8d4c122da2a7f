/**
 * The one lifecycle of a timed interaction (check-in, test question, the lottery's announcement, the mic's join
 * deadline): it opens with a deadline by this server's clock, takes answers until then, and closes ONCE, by the
 * teacher or at the time-out, whichever comes first.
 *
 * - Armed everywhere: the process that opens it arms a timer and tells the others (`chat:arm` through the socket.io
 *   adapter when there are several, Redis); every process fires at the deadline, and a conditional update of the
 *   row's state (or a compare-and-swap of the mic state in the store) decides which one broadcasts.
 * - Swept: every `timing.sweepMs` a process closes what is overdue (a process that died took its timers along),
 *   and a kind closes what is overdue in a room before it opens a new one there (one open row per room).
 */
import { and, eq, lte, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Namespace } from 'socket.io'
import type { Db } from '../../../db'
import type { liveCheckin, liveLottery, liveTest } from '../../../db/schema'
import { TenantScope } from '../../../http/core'

/** The rows that carry a kind's deadline. */
export interface Deadline {
  table: typeof liveCheckin | typeof liveTest | typeof liveLottery
  /** the state while it runs (the time-out ends it) */
  open: string
  /** when its time is up */
  at: typeof liveCheckin.endsAt | typeof liveTest.endsAt | typeof liveLottery.drawAt
}

/** A kind of interaction that ends at a deadline. */
export interface Timed {
  /** its name on `chat:arm` */
  readonly name: string
  /** the deadline passed (server clock): closes it and tells the room, unless another process or the teacher did */
  expire(tenantId: number, id: number, at: number, extra?: string): Promise<void>
  /** its rows (none: the store holds the deadline, e.g. the mic's, and its state expires there) */
  readonly deadline?: Deadline
}

/**
 * Closes an open row once: by the teacher (`by` their session: any time) or at the time-out (`by` 'timeout': only
 * once its time is up by the server clock). For the conditional update of a check-in or a test question.
 */
export function closing(t: typeof liveCheckin | typeof liveTest, id: number, by: number | 'timeout'): SQL[] {
  return [eq(t.id, id), eq(t.state, 'open'), by === 'timeout' ? lte(t.endsAt, new Date()) : eq(t.sessionId, by)]
}

/** What the timers need of the interactions' dependencies (./kit.ts `InteractionDeps` has them all). */
interface Deps {
  db: Db
  nsp: Namespace
  /** several processes (Redis): timers are armed on every one */
  crossProcess: boolean
  log: FastifyBaseLogger
  timing: { sweepMs: number }
}

/** The timers of one process, for every timed kind registered. */
export class Timers {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  private readonly kinds = new Map<string, Timed>()
  private readonly sweeper: NodeJS.Timeout
  private closed = false

  constructor(private readonly d: Deps) {
    if (d.crossProcess) {
      d.nsp.on('chat:arm', (kind: string, tenantId: number, id: number, at: number, extra?: string) =>
        this.armLocal(kind, tenantId, id, at, extra),
      )
    }
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => d.log.warn({ err }, 'chat: interaction sweep failed'))
    }, d.timing.sweepMs)
    this.sweeper.unref()
  }

  /** a kind's time-outs are armed and swept from now on (the sweep goes in the order of registration) */
  register(kind: Timed) {
    this.kinds.set(kind.name, kind)
  }

  close() {
    this.closed = true
    clearInterval(this.sweeper)
    for (const t of this.timers.values()) clearTimeout(t)
    this.timers.clear()
  }

  /** arms a time-out here and on every other process; whoever fires first wins (conditional update / swap) */
  arm(kind: string, tenantId: number, id: number, at: number, extra?: string) {
    this.armLocal(kind, tenantId, id, at, extra)
    if (this.d.crossProcess) this.d.nsp.serverSideEmit('chat:arm', kind, tenantId, id, at, extra)
  }

  private armLocal(kind: string, tenantId: number, id: number, at: number, extra?: string) {
    if (this.closed) return
    const key = `${kind}:${tenantId}:${id}:${extra ?? ''}`
    const run = (): Promise<void> => this.kinds.get(kind)?.expire(tenantId, id, at, extra) ?? Promise.resolve()
    clearTimeout(this.timers.get(key))
    // a little after the moment, so the server clock has passed it when the conditional update runs
    const timer = setTimeout(
      () => {
        this.timers.delete(key)
        run().catch((err: unknown) => this.d.log.warn({ err, kind }, 'chat: interaction time-out failed'))
      },
      Math.max(0, at - Date.now()) + 20,
    )
    timer.unref()
    this.timers.set(key, timer)
  }

  /** closes the kind's rows in the session whose time is up (before a new one opens there) */
  async closeOverdue(kind: string, tenantId: number, sessionId: number) {
    const timed = this.kinds.get(kind)
    const dl = timed?.deadline
    if (!timed || !dl) return
    const s = new TenantScope(tenantId)
    const t = dl.table
    const overdue = await this.d.db
      .select({ id: t.id, at: dl.at })
      .from(t)
      .where(s.where(t, eq(t.sessionId, sessionId), eq(t.state, dl.open), lte(dl.at, new Date())))
    for (const r of overdue) await timed.expire(tenantId, r.id, r.at.getTime())
  }

  /** closes what is overdue everywhere (its timers died with a process) */
  private async sweep() {
    if (this.closed) return
    const due = new Date(Date.now() - 1000)
    const kinds = [...this.kinds.values()].filter((k) => k.deadline)
    const found = await Promise.all(
      kinds.map((k) => {
        const dl = k.deadline!
        const t = dl.table
        return this.d.db
          .select({ id: t.id, tenantId: t.tenantId, at: dl.at })
          .from(t)
          .where(and(eq(t.state, dl.open), lte(dl.at, due)))
          .limit(100)
      }),
    )
    for (const [i, rows] of found.entries())
      for (const r of rows) await kinds[i]!.expire(r.tenantId, r.id, r.at.getTime())
  }
}
