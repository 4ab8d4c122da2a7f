/**
 * One Redis pub/sub channel for telling every process that something it holds in memory is stale (the public-read
 * cache's tenants, the session cache's users). `publish` reaches every subscribed process, this one included.
 * When the subscription comes back after a drop, messages may have been missed: `onMissed` runs, and the holder
 * forgets everything. Without Redis there is one process, and nothing to tell.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { SharedRedis } from './redis'

export class Broadcast {
  private readonly channel: string
  private readonly onMessage: (channel: string, message: string) => void
  private readonly onReady: () => void

  constructor(
    private readonly redis: SharedRedis,
    name: string,
    handlers: { message: (message: string) => void; missed: () => void },
    private readonly log: FastifyBaseLogger,
  ) {
    const channel = `${redis.prefix}:${name}`
    this.channel = channel
    this.onMessage = (ch, message) => {
      if (ch === channel) handlers.message(message)
    }
    // a 'ready' after the first connection is a reconnect that may have missed messages
    let subscribedOnce = redis.sub.status === 'ready'
    this.onReady = () => {
      if (subscribedOnce) handlers.missed()
      subscribedOnce = true
    }
    redis.sub.on('message', this.onMessage)
    redis.sub.on('ready', this.onReady)
    redis.sub.subscribe(channel).catch((err: unknown) => log.warn({ err, channel: name }, 'subscribe failed'))
  }

  /** Tells every process; a failure is logged (the others then keep their copies until their TTL ends). */
  async publish(message: string): Promise<void> {
    try {
      await this.redis.cmd.publish(this.channel, message)
    } catch (err) {
      this.log.warn({ err, channel: this.channel, message }, 'could not tell the other processes')
    }
  }

  close() {
    this.redis.sub.off('message', this.onMessage)
    this.redis.sub.off('ready', this.onReady)
    this.redis.sub.unsubscribe(this.channel).catch(() => {})
  }
}
