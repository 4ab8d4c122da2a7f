/**
 * One chat server process for the two-process tests and the chat benchmark: the real app (buildApp) on an
 * existing PostgreSQL database, with REDIS_URL, on a free loopback port. Started by
 * `node --import tsx tests/server/live-chat-proc.ts` with DATABASE_URL, REDIS_URL and CHAT_SECRET in its
 * environment (LIVE_ACCESS_CHECK_MS shortens the access period, server/src/modules/live/access.ts); prints one line `{"port":N}` when it listens, and closes cleanly on SIGTERM (or when its parent
 * goes away).
 */
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db'

async function main() {
  const { DATABASE_URL, REDIS_URL, CHAT_SECRET, LIVE_ACCESS_CHECK_MS } = process.env
  if (!DATABASE_URL || !CHAT_SECRET) throw new Error('DATABASE_URL and CHAT_SECRET are required')
  const database = await openDatabase({ databaseUrl: DATABASE_URL })
  // live video stays off (the default config): these processes serve the chat
  const live = defaultConfig().live
  const app = await buildApp({
    db: database.db,
    config: defaultConfig({
      secret: CHAT_SECRET,
      ...(LIVE_ACCESS_CHECK_MS ? { live: { ...live, accessCheckMs: Number(LIVE_ACCESS_CHECK_MS) } } : {}),
      rateLimit: { max: 1_000_000, loginMax: 1000, smsMax: 1000 },
      ...(REDIS_URL ? { redisUrl: REDIS_URL } : {}),
    }),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const addr = app.server.address()
  process.stdout.write(`${JSON.stringify({ port: typeof addr === 'object' && addr ? addr.port : 0 })}\n`)
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await app.close().catch(() => {})
    await database.close().catch(() => {})
    process.exit(0)
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  // the parent's end of stdin closes when it exits: never outlive it
  process.stdin.on('end', stop)
  process.stdin.resume()
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
