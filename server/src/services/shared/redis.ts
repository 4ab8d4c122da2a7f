/**
 * The one Redis connection pair of a server process (REDIS_URL): `cmd` for commands (rate limits, the public-read
 * cache's versions, the sweeps' tick locks, the chat store and the chat adapter's publishes) and `sub` for
 * subscriptions (the chat adapter, cache invalidation). Keys and channels start with `prefix`, derived from the
 * server secret, so two deployments sharing a Redis stay apart. docs/DECISIONS.md "Several processes".
 */
import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import Redis from 'ioredis'

export interface SharedRedis {
  cmd: Redis
  sub: Redis
  prefix: string
  close(): Promise<void>
}

/** `le:<12 hex>`: stable per secret, not the secret. */
export const sharedRedisPrefix = (secret: string) =>
  `le:${createHash('sha256').update(`shared-redis\u0000${secret}`).digest('hex').slice(0, 12)}`

export function openSharedRedis(url: string, secret: string, log: FastifyBaseLogger): SharedRedis {
  // commands fail after 3 retries instead of queueing forever while Redis is away (callers degrade, see users)
  const cmd = new Redis(url, { maxRetriesPerRequest: 3 })
  const sub = cmd.duplicate()
  for (const [name, c] of [
    ['cmd', cmd],
    ['sub', sub],
  ] as const)
    c.on('error', (err: Error) => log.warn({ err: err.message, connection: name }, 'redis error'))
  let closing: Promise<void> | undefined
  return {
    cmd,
    sub,
    prefix: sharedRedisPrefix(secret),
    close: () => {
      closing ??= Promise.all(
        [cmd, sub].map((c) =>
          c.quit().then(
            () => {},
            () => c.disconnect(),
          ),
        ),
      ).then(() => {})
      return closing
    },
  }
}
