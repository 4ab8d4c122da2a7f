/**
 * Start: read env, open the database (PGlite by default, PostgreSQL when DATABASE_URL is set), migrate,
 * seed on first run, build the app, serve the H5 build with SPA fallback, listen; graceful shutdown.
 *
 * Env: PORT (8080), HOST (127.0.0.1), DATA_DIR (.data), DATABASE_URL, LOG_LEVEL (info), API_BASE (/api),
 * STATIC_DIR (dist/h5), SERVER_SECRET (else generated into DATA_DIR/secret), ACCESS_TTL_SECONDS,
 * REFRESH_TTL_SECONDS, RATE_LIMIT_MAX, PAY_PROVIDER (local | wechat; wechat needs the WECHATPAY_* variables,
 * docs/DECISIONS.md "Payment"), PAY_LOCAL_ENABLE=1 (keeps the local pay page with NODE_ENV=production).
 * Live video: LIVE_PROVIDER (local | polyv), LIVE_VIDEO=off|follow, LIVE_DIR, LIVE_RTMP_PORT, LIVE_RTMP_BIND, LIVE_PUBLIC_HOST,
 * POLYV_APP_ID / POLYV_USER_ID / POLYV_APP_SECRET (docs/DECISIONS.md "Live — video"); LIVE_VIDEO=follow when another
 * process of this machine runs the local video.
 * WeChat login: WECHAT_PROVIDER (local | wechat; off by default with NODE_ENV=production), the schools' app ids and
 * secrets in the database (`npm run tenant:wechat`; docs/DECISIONS.md "WeChat login and binding").
 * Several processes: REDIS_URL (rate limits, captchas, password-guess counts, cache invalidation, sweep locks, live
 * chat), TRUST_PROXY=1 behind nginx; `npm run cluster` starts them (docs/DECISIONS.md "Several processes").
 * START_GATE: a file whose appearance the server waits for after migrating and seeding (npm start's builds).
 * Backups of the PGlite data dir: stop the server and copy DATA_DIR/pglite, or use PGlite's dumpDataDir.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { configFromEnv, paymentStartupLog } from './config'
import { type Database, openDatabase } from './db'
import { demoCredentials, seedIfNeeded } from './seed/start'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

function serverSecret(dataDir: string, env: NodeJS.ProcessEnv): string {
  if (env.SERVER_SECRET) return env.SERVER_SECRET
  const file = path.join(dataDir, 'secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

export interface RunningServer {
  app: FastifyInstance
  database: Database
  url: string
  close(): Promise<void>
}

const dataDirOf = (env: NodeJS.ProcessEnv) => path.resolve(repoRoot, env.DATA_DIR || '.data')

function openConfigured(env: NodeJS.ProcessEnv): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: path.join(dataDirOf(env), 'pglite'), thread: env.PGLITE_THREAD !== 'off' },
  )
}

/**
 * `npm start` on a fresh clone starts the server beside the builds with START_GATE set to a file it writes once the
 * H5 app and the console are built (scripts/start.mjs): the server opens the database, migrates and seeds meanwhile,
 * and builds its routes (which serve what is built) only when the file exists. Exits when the start script is gone.
 */
async function gateOpens(gate: string): Promise<void> {
  const parent = process.ppid
  while (!fs.existsSync(gate)) {
    if (process.ppid !== parent) process.exit(1)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const dataDir = dataDirOf(env)
  const staticDir = path.resolve(repoRoot, env.STATIC_DIR || 'dist/h5')
  const config = configFromEnv(env, serverSecret(dataDir, env), staticDir)
  // the database opens (PGlite: in its own thread) while the routes' modules load: a warm start overlaps the two
  const opening = openConfigured(env)
  const modules = Promise.all([import('./app'), import('./modules/live/video/routes'), import('./modules/live/video')])
  const [database, loaded] = await Promise.all([opening, modules.catch((e: unknown) => e as Error)])
  if (loaded instanceof Error) {
    await database.close()
    throw loaded
  }
  const [{ buildApp }, { liveServicesOf }, { liveVideoReady }] = loaded
  let app: FastifyInstance | undefined
  try {
    await database.migrate()
    const seeded = await seedIfNeeded(database.db)
    if (env.START_GATE) await gateOpens(env.START_GATE)
    app = await buildApp({
      db: database.db,
      config,
      logger: { level: env.LOG_LEVEL || 'info' },
    })
    if (seeded) app.log.info('seeded the demo tenants')
    if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
      app.log.warn(`no H5 build at ${staticDir}: serving the API only (build with npm run build:h5)`)
    }
    const port = Number(env.PORT || 8080)
    const host = env.HOST || '127.0.0.1'
    const address = await app.listen({ port, host })
    app.log.info(
      `database: ${database.driver}${database.driver === 'pglite' ? ` (${path.join(dataDir, 'pglite')})` : ''}`,
    )
    // live video: nginx-rtmp started (local) or the account checked (polyv), or why not
    const live = liveServicesOf(app)
    if (live) {
      const video = await liveVideoReady(live.provider)
      if (video.available) app.log.info(`live video: available (${live.provider.name})`)
      else app.log.warn(`live video: unavailable (${live.provider.name}): ${video.reason}`)
    }
    const payment = paymentStartupLog(config, env)
    app.log.info(payment.info)
    if (payment.warn) app.log.warn(payment.warn)
    for (const c of demoCredentials()) {
      app.log.info(
        `demo ${c.role} of ${c.name} (tenant ${c.tenantId}, host ${c.host}): account ${c.account} password ${c.password}`,
      )
    }
    const running = app
    let closing: Promise<void> | undefined
    return {
      app: running,
      database,
      url: address,
      close: () => {
        closing ??= (async () => {
          await running.close()
          await database.close()
        })()
        return closing
      },
    }
  } catch (e) {
    await app?.close().catch(() => {})
    await database.close()
    throw e
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) {
  startServer().then(
    (server) => {
      const stop = (signal: string) => {
        server.app.log.info(`${signal}: shutting down`)
        server.close().then(
          () => process.exit(0),
          (e) => {
            console.error(e)
            process.exit(1)
          },
        )
      }
      process.once('SIGINT', () => stop('SIGINT'))
      process.once('SIGTERM', () => stop('SIGTERM'))
    },
    (e) => {
      console.error(e instanceof Error ? e.message : e)
      process.exit(1)
    },
  )
}
