/**
 * Why the last publish with a class's push key was refused (issue 25), for the console's push-address panel: nginx
 * drops a refused publisher and OBS says only "failed to connect", so the teacher reads the reason beside the
 * address. One note per class, kept 24 h (a push address lives 24 h); in Redis when the process has one (the hooks
 * reach the process that runs nginx, the console may reach any process), else in this process's memory.
 */
import type { SharedRedis } from '../../../services/shared/redis'

/** a note lives this long (the push address it is about lives 24 h) */
const NOTE_MS = 24 * 3600 * 1000
const MAX_NOTES = 10_000

export interface PublishNote {
  /** epoch ms of the refused publish */
  at: number
  /** the hook's reason: a PublishRefusal (../sessions.ts) or 'expired sign' */
  reason: string
  /** `another class is live`: that class */
  other?: { sessionId: number; title: string }
}

export class PublishNotes {
  private readonly memory = new Map<string, { until: number; note: PublishNote }>()

  constructor(private readonly redis?: SharedRedis) {}

  private key(tenantId: number, sessionId: number) {
    return `publish-note:${tenantId}:${sessionId}`
  }

  async note(tenantId: number, sessionId: number, note: PublishNote): Promise<void> {
    const key = this.key(tenantId, sessionId)
    if (this.redis) {
      await this.redis.cmd.set(`${this.redis.prefix}:${key}`, JSON.stringify(note), 'PX', NOTE_MS)
      return
    }
    if (this.memory.size >= MAX_NOTES) this.memory.delete(this.memory.keys().next().value!)
    this.memory.set(key, { until: Date.now() + NOTE_MS, note })
  }

  /** The last refusal of the class's key, or null. */
  async last(tenantId: number, sessionId: number): Promise<PublishNote | null> {
    const key = this.key(tenantId, sessionId)
    if (this.redis) {
      const raw = await this.redis.cmd.get(`${this.redis.prefix}:${key}`)
      return raw ? (JSON.parse(raw) as PublishNote) : null
    }
    const hit = this.memory.get(key)
    if (!hit || hit.until <= Date.now()) return null
    return hit.note
  }

  /** The class went live: an earlier refusal no longer matters. */
  async clear(tenantId: number, sessionId: number): Promise<void> {
    const key = this.key(tenantId, sessionId)
    if (this.redis) await this.redis.cmd.del(`${this.redis.prefix}:${key}`)
    else this.memory.delete(key)
  }
}
