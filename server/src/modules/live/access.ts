/**
 * Access that ends (docs/DECISIONS.md "Hardening III"): the room's detail hands a learner a chat token (1 h) and
 * media URLs (6 h) after the entry check; this asks the entry check again while they are used, so a refund, a
 * revoked or expired grant or a withdrawn mock application ends the learner's live video, playback and chat
 * within LIVE_ACCESS_CHECK_MS (30 s), on every process: the answer comes from the database, which all share.
 *
 * - `may()`: the media routes (HLS playlists and fragments, VOD) ask it on every request. One answer per
 *   (tenant, user, channel) is kept for `ttlMs` (requests in flight share one read), at most `max` answers (the
 *   oldest go first), so a player polling every 2 s costs one small query per 30 s. `fresh` reads again (chat LOGIN).
 * - `entitled()`: the chat server's periodic check of the learners connected to a room, one query per room.
 * - `holds()`: the same cached check for the lesson videos' signed URLs (modules/learn/media.ts): a URL signed for
 *   a learner through their grant of a goods stops playing once the grant ends.
 * - Gates: further refusals asked after the entitlement on every `may()`, never cached here (a gate must be cheap:
 *   memory or one Redis read). The chat server adds one (issue 25): a learner kicked from a class (the chat store's
 *   `kick:<tenant>:<session>:<user>` flag, ./chat/moderation.ts `kickKey`) is refused its media and LOGIN
 *   for the kick's duration; the viewer carries the session of a recording, for a live stream the gate looks up the
 *   channel's live session. `refusal()` asks the gates alone and says why and until when (the room's detail tells
 *   the app, which then shows the learner that he was removed instead of starting the player).
 */
import type { Db } from '../../db'
import { TenantScope } from '../../http/core'
import { TtlCache } from '../../services/shared/ttl-cache'
import { hasEntitlement } from '../order/entitlement'
import { entitledUsers } from './rows'

/** How long an answer is trusted, and how often the chat checks its connected learners. */
export const LIVE_ACCESS_CHECK_MS = 30_000
const MAX_ANSWERS = 50_000

export interface Viewer {
  tenantId: number
  userId: number
  channelId: number
  /** the session when the request names one (a recording's); undefined for a live stream */
  sessionId?: number
}

/** Why a gate refuses, and until when (epoch ms). */
export interface GateRefusal {
  /** kicked: removed from the class by a moderator; refused: a gate that answered false */
  reason: 'kicked' | 'refused'
  /** 0 when the gate does not say */
  until: number
}

/** true = may watch; false or a refusal (which says why) refuses (403). */
export type AccessGate = (v: Viewer) => Promise<boolean | GateRefusal>

export interface LiveAccessOptions {
  ttlMs?: number
  max?: number
  /** the clock (tests) */
  now?: () => number
}

export class LiveAccess {
  readonly ttlMs: number
  private readonly max: number
  private readonly now: () => number
  private readonly answers: TtlCache<boolean>
  private readonly gates: AccessGate[] = []
  /** database reads made (tests: the cache holds) */
  reads = 0

  constructor(
    private readonly db: Db,
    o: LiveAccessOptions = {},
  ) {
    this.ttlMs = o.ttlMs ?? LIVE_ACCESS_CHECK_MS
    this.max = o.max ?? MAX_ANSWERS
    this.now = o.now ?? Date.now
    this.answers = new TtlCache<boolean>(this.ttlMs, this.max, this.now)
  }

  /** A refusal asked after the entitlement (issue 25: the kick). */
  addGate(gate: AccessGate): void {
    this.gates.push(gate)
  }

  /** Whether the user may still watch the channel: its entitlement (cached) and every gate. */
  async may(v: Viewer, o: { fresh?: boolean } = {}): Promise<boolean> {
    if (!(await this.entitledOne(v, o.fresh ?? false))) return false
    return (await this.refusal(v)) === null
  }

  /** The first gate's refusal, or null (never cached: a gate is cheap). */
  async refusal(v: Viewer): Promise<GateRefusal | null> {
    for (const gate of this.gates) {
      const r = await gate(v)
      if (r === true) continue
      return r === false ? { reason: 'refused', until: 0 } : r
    }
    return null
  }

  /** Whether the user still holds the goods (an active, unrevoked grant): cached like `may`. */
  holds(v: { tenantId: number; userId: number; goodsId: number }): Promise<boolean> {
    return this.answer(`g:${v.tenantId}:${v.userId}:${v.goodsId}`, false, () =>
      hasEntitlement({ db: this.db, scope: new TenantScope(v.tenantId) }, v.userId, v.goodsId),
    )
  }

  /** Of `userIds`, those who may still enter the channel (read now; the answers are kept for `may`). */
  async entitled(tenantId: number, channelId: number, userIds: readonly number[]): Promise<Set<number>> {
    this.reads++
    const ok = await entitledUsers(this.db, tenantId, channelId, userIds, new Date(this.now()))
    for (const userId of userIds) this.keep(this.key({ tenantId, userId, channelId }), Promise.resolve(ok.has(userId)))
    return ok
  }

  /** Forgets what is kept of a user (every channel and goods), e.g. after a change made on this process. */
  forget(tenantId: number, userId: number): void {
    this.answers.dropWhere((k) => k.startsWith(`c:${tenantId}:${userId}:`) || k.startsWith(`g:${tenantId}:${userId}:`))
  }

  private key(v: Viewer) {
    return `c:${v.tenantId}:${v.userId}:${v.channelId}`
  }

  private entitledOne(v: Viewer, fresh: boolean): Promise<boolean> {
    return this.answer(this.key(v), fresh, async () =>
      (await entitledUsers(this.db, v.tenantId, v.channelId, [v.userId], new Date(this.now()))).has(v.userId),
    )
  }

  /** The kept answer of `key` while it is younger than ttlMs, else `load()`'s (kept; in flight, shared). */
  private answer(key: string, fresh: boolean, load: () => Promise<boolean>): Promise<boolean> {
    return this.answers.get(
      key,
      () => {
        this.reads++
        return load()
      },
      fresh,
    )
  }

  private keep(key: string, value: Promise<boolean>) {
    this.answers.set(key, value)
  }
}
