/**
 * The server of a PostgreSQL bench, in its own process (tests/bench/target.ts spawns it): the real app on
 * BENCH_DATABASE_URL (already migrated and seeded) plus the bare Fastify route the figures are set against.
 * Prints one line `LISTENING <app url> <bare url>` and serves until SIGTERM.
 */
import Fastify from 'fastify'
import { buildApp } from '../../server/src/app'
import { defaultConfig } from '../../server/src/config'
import { openDatabase } from '../../server/src/db'

async function main() {
  const url = process.env.BENCH_DATABASE_URL
  if (!url) throw new Error('BENCH_DATABASE_URL is required')
  const database = await openDatabase({ databaseUrl: url, poolMax: Number(process.env.BENCH_POOL_MAX ?? 20) })
  const app = await buildApp({
    db: database.db,
    config: defaultConfig({ rateLimit: { max: 10_000_000, loginMax: 30, smsMax: 10 } }),
  })
  const appUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  const bare = Fastify()
  bare.get('/bare', async () => ({ code: 200, msg: 'ok', data: { ok: true } }))
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' })
  console.log(`LISTENING ${appUrl} ${bareUrl}`)
  process.on('SIGTERM', () => {
    void Promise.allSettled([app.close(), bare.close()])
      .then(() => database.close())
      .finally(() => process.exit(0))
  })
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
