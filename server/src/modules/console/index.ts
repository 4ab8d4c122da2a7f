/**
 * The console: the school staff's web pages (console/, built by scripts/build-console.mjs into dist/console),
 * served by this server outside the learner app, and its own calls (contract/staff.ts; registered by the route
 * loop like every call, server/src/app.ts):
 *   GET /console/...                 the console (SPA fallback to its index.html; hashed assets cached for a year)
 *   GET {apiBase}/console/me         the signed-in staff account: who, which role, which school
 *   POST {apiBase}/console/signout   ends the presented login token
 *   POST {apiBase}/staff/content/changed   the school's content changed outside the server (SQL, imports)
 *   GET/POST {apiBase}/staff/accounts...   staff accounts and their roles (./accounts.ts)
 *   GET {apiBase}/console/live/...   the live console's question picker (./live.ts)
 * Sign-in is the learner login API itself (POST {apiBase}/login); an account without a staff role is refused
 * on every staff call (server/src/http/staff-auth.ts). docs/DECISIONS.md "Console".
 */
import fsp from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AppConfig } from '../../config'
import { tenant } from '../../db/schema'
import { type Handlers, requireStaff, requireUser } from '../../http/core'
import { refusalEnvelope } from '../../http/refusals'
import { revokeToken } from '../../services/tokens'
import { handlers as accounts } from './accounts'
import { handlers as live } from './live'

export const handlers: Handlers = {
  ...accounts,
  ...live,

  'GET /console/me': async (ctx) => {
    const { account } = requireStaff(ctx) // an account's token only (operator: false)
    const [school] = await ctx.db.select({ name: tenant.name }).from(tenant).where(eq(tenant.id, ctx.scope.tenantId))
    return { ...account!, tenantId: ctx.scope.tenantId, tenantName: school?.name ?? '' }
  },

  // signing out ends the session's token at once (the learner API has no logout): a token left in a shared
  // browser's history is of no use; also used when the console refuses an account that is not staff
  'POST /console/signout': async (ctx) => {
    await revokeToken(ctx.db, ctx.scope, requireUser(ctx))
    return null
  },

  // the route loop drops the school's cached public reads after every staff write (server/src/app.ts)
  'POST /staff/content/changed': async () => null,
}

export const CONSOLE_PATH = '/console'

/** Hashed file names (scripts/build-console.mjs): safe to cache for a year. */
const ASSET = /^assets\/[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

async function readFile(file: string): Promise<Buffer | null> {
  try {
    const st = await fsp.stat(file)
    return st.isFile() ? await fsp.readFile(file) : null
  } catch {
    return null
  }
}

/** The console's pages: its calls are contract routes (the handlers above), registered by the route loop. */
export async function registerConsole(app: FastifyInstance, config: AppConfig) {
  const dir = config.consoleDir ? path.resolve(config.consoleDir) : undefined
  const notBuilt = (reply: FastifyReply) =>
    reply
      .code(404)
      .send(
        refusalEnvelope(
          404,
          'the console is not built on this server (npm run build:console)',
          null,
          reply.request.headers,
        ),
      )

  app.get(CONSOLE_PATH, async (req, reply) => {
    const q = req.url.indexOf('?')
    return reply.redirect(`${CONSOLE_PATH}/${q >= 0 ? req.url.slice(q) : ''}`, 301)
  })

  app.get(`${CONSOLE_PATH}/*`, async (req, reply) => {
    if (!dir) return notBuilt(reply)
    const rel = (req.params as { '*': string })['*'] ?? ''
    if (rel.startsWith('assets/')) {
      const body = ASSET.test(rel) ? await readFile(path.join(dir, rel)) : null
      if (!body) return reply.code(404).send(refusalEnvelope(404, 'not found', null, req.headers))
      return reply
        .type(TYPES[path.extname(rel)] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(body)
    }
    // every other path is a page of the console's own router: its index.html, never cached (it names the assets)
    const html = await readFile(path.join(dir, 'index.html'))
    if (!html) return notBuilt(reply)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(
        html
          .toString('utf8')
          .replace(
            /<meta name="api-base" content="[^"]*"\s*\/?>/,
            `<meta name="api-base" content="${escapeAttr(config.apiBase)}">`,
          ),
      )
  })
}
