/**
 * The H5 app's page (index.html), as the server sends it at `/` and on every app route (history router).
 * It carries the tenant its host belongs to (`window.__TENANT_IDS__`), so a learner's first visit does not wait
 * for the `findTenantId` round trip before the home page's own calls (docs/DECISIONS.md "First load").
 * The page is small (a few KB) and differs by host, so it is gzipped per request rather than pre-compressed,
 * and revalidated every time (it names the current build's chunks).
 */
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { isValidDomain } from '../../../src/domain/domain'
import type { Db } from '../db'
import { tenant, tenantHost } from '../db/schema'

/** a host's tenant (or that it has none) is looked up again after this long: hosts rarely move */
const HOST_TTL_MS = 60_000
const HOST_CACHE_MAX = 1000

export function h5PageSender(db: Db, staticDir: string) {
  const file = path.join(staticDir, 'index.html')
  let page: { mtimeMs: number; html: string } | undefined
  const hosts = new Map<string, { at: number; id: string | null }>()

  const readPage = (): string => {
    const { mtimeMs } = fs.statSync(file)
    if (!page || page.mtimeMs !== mtimeMs) page = { mtimeMs, html: fs.readFileSync(file, 'utf8') }
    return page.html
  }

  const tenantOf = async (host: string): Promise<string | null> => {
    const hit = hosts.get(host)
    if (hit && Date.now() - hit.at < HOST_TTL_MS) return hit.id
    const [row] = await db
      .select({ id: tenant.id })
      .from(tenantHost)
      .innerJoin(tenant, eq(tenant.id, tenantHost.tenantId))
      .where(eq(tenantHost.host, host))
    if (hosts.size >= HOST_CACHE_MAX) hosts.clear()
    const id = row ? String(row.id) : null
    hosts.set(host, { at: Date.now(), id })
    return id
  }

  return async (req: FastifyRequest, reply: FastifyReply) => {
    let html = readPage()
    // the same rule as the app's tenantHost(): localhost and IPs use the build's fallback host, which the app knows
    const host = (req.hostname ?? '').split(':')[0]?.toLowerCase() ?? ''
    if (isValidDomain(host)) {
      const id = await tenantOf(host).catch((err) => {
        req.log.warn({ err, host }, 'h5 page: tenant lookup failed; the app asks itself')
        return null
      })
      if (id) {
        const seed = JSON.stringify({ [host]: id }).replace(/</g, '\\u003c')
        html = html.replace(/<head>/i, `<head><script>window.__TENANT_IDS__=${seed}</script>`)
      }
    }
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding')
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      return reply.header('content-encoding', 'gzip').send(gzipSync(html))
    }
    return reply.send(html)
  }
}
