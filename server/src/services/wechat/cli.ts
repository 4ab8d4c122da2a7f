/**
 * Sets a school's WeChat app (docs/DECISIONS.md "WeChat login and binding"); run by scripts/tenant-wechat.mjs:
 *
 *   node scripts/tenant-wechat.mjs --tenant 1001 --kind mini --app-id wx0123456789abcdef
 *   WECHAT_APP_SECRET=… node scripts/tenant-wechat.mjs --tenant 1001 --kind gzh --app-id wx… [--secret …]
 *   node scripts/tenant-wechat.mjs --list [--tenant 1001]
 *
 * The secret is read from WECHAT_APP_SECRET (preferred: it stays out of the shell history) or --secret; without
 * either the stored secret is kept. It is written to the server's database only and never printed. Database: the
 * server's (DATABASE_URL, else the PGlite data dir DATA_DIR/pglite, default .data; stop the server first then, PGlite
 * has one process).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { openDatabase } from '../../db'
import { listWechatApps, setWechatApp } from './apps'
import { WECHAT_KINDS, type WechatKind } from './types'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))

function args(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`)
    const next = argv[i + 1]
    if (next !== undefined && !next.startsWith('--')) {
      out[a.slice(2)] = next
      i++
    } else out[a.slice(2)] = true
  }
  return out
}

async function main() {
  const a = args(process.argv.slice(2))
  const env = process.env
  const database = await openDatabase(
    env.DATABASE_URL
      ? { databaseUrl: env.DATABASE_URL }
      : { dataDir: path.join(path.resolve(repoRoot, env.DATA_DIR || '.data'), 'pglite') },
  )
  try {
    await database.migrate()
    const tenantId = typeof a.tenant === 'string' ? Number(a.tenant) : undefined
    if (a.tenant !== undefined && !Number.isSafeInteger(tenantId)) throw new Error('--tenant must be a tenant id')
    if (a.list) {
      for (const r of await listWechatApps(database.db, tenantId))
        console.log(`${r.tenantId}\t${r.kind}\t${r.appId}\tsecret ${r.secretSet ? 'set' : 'NOT set'}`)
      return
    }
    const kind = a.kind as WechatKind
    if (!tenantId || !WECHAT_KINDS.includes(kind) || typeof a['app-id'] !== 'string')
      throw new Error(
        'usage: --tenant <id> --kind mini|gzh --app-id <wx…> [--secret <s> | WECHAT_APP_SECRET=<s>] | --list',
      )
    const secret = env.WECHAT_APP_SECRET || (typeof a.secret === 'string' ? a.secret : undefined)
    if (!(await setWechatApp(database.db, tenantId, kind, a['app-id'], secret)))
      throw new Error(`tenant ${tenantId} does not exist`)
    console.log(
      `tenant ${tenantId}: ${kind} app ${a['app-id']} saved${secret ? ' with its secret' : ' (secret unchanged)'}`,
    )
  } finally {
    await database.close()
  }
}

main().catch((e: unknown) => {
  console.error(`[tenant-wechat] ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
