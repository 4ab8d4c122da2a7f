/**
 * The school's learning prompts, the staff desk's side (docs/DECISIONS.md "Course extras"). A manager of the tenant
 * (or the operator's X-Staff-Token; server/src/http/staff-auth.ts) sets or removes a prompt; being a staff write
 * under /staff/, it drops the tenant's cached public reads on every process (server/src/app.ts), so the app's
 * `GET /app/common/prompt` shows the change at once.
 *   GET  {apiBase}/staff/prompts                 every prompt of the tenant: { key, goodsId, title, content }
 *   POST {apiBase}/staff/prompts                 { key, goodsId?, title, content } -> the stored prompt
 *   POST {apiBase}/staff/prompts/delete          { key, goodsId? } -> { deleted }
 */
import { asc, eq, like } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { PROMPT_KEY_RE } from '../../../../contract/schemas/learn-course'
import type { Db } from '../../db'
import { config, goods } from '../../db/schema'
import { AppError, envelope } from '../../http/core'
import { type StaffScope, staffScopeOf } from '../../http/staff-auth'
import { sanitizeArticle } from '../../services/sanitize'
import { PROMPT_PREFIX, promptKey } from './prompt'

const KEY = /^prompt\.([a-z][a-z0-9-]{0,31})(?:\.goods\.(\d{1,10}))?$/
const target = z.object({
  key: z.string().trim().regex(PROMPT_KEY_RE),
  goodsId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
})
const promptBody = target.extend({
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(20_000),
})

export async function registerPromptStaffRoutes(
  root: FastifyInstance,
  db: Db,
  apiBase: string,
  staffToken: string | undefined,
) {
  await root.register(
    async (app) => {
      const staffOf = (req: FastifyRequest): Promise<StaffScope> =>
        staffScopeOf(db, req, { roles: ['manager'], staffToken })

      /** the goods must be the tenant's (404 otherwise) */
      const checkGoods = async (s: StaffScope, goodsId: number | undefined) => {
        if (goodsId === undefined) return
        const [g] = await db
          .select({ id: goods.id })
          .from(goods)
          .where(s.scope.where(goods, eq(goods.id, goodsId)))
        if (!g) throw new AppError(404, 'goods not found')
      }

      app.get('/staff/prompts', async (req) => {
        const { scope } = await staffOf(req)
        const rows = await db
          .select({ configKey: config.configKey, configValue: config.configValue })
          .from(config)
          .where(scope.where(config, like(config.configKey, `${PROMPT_PREFIX}%`)))
          .orderBy(asc(config.configKey))
        const out = rows.flatMap((r) => {
          const m = KEY.exec(r.configKey)
          if (!m) return []
          try {
            const v = JSON.parse(r.configValue) as { title?: unknown; content?: unknown }
            return [
              {
                key: m[1]!,
                goodsId: m[2] === undefined ? null : Number(m[2]),
                title: typeof v.title === 'string' ? v.title : '',
                content: typeof v.content === 'string' ? v.content : '',
              },
            ]
          } catch {
            return []
          }
        })
        return envelope(200, 'ok', out)
      })

      app.post('/staff/prompts', async (req) => {
        const s = await staffOf(req)
        const b = promptBody.safeParse(req.body ?? {})
        if (!b.success)
          throw new AppError(
            400,
            'prompt: key (lower-case letters, digits, -), title (1 to 100 characters) and content (1 to 20000 characters) are required',
          )
        await checkGoods(s, b.data.goodsId)
        const configKey = promptKey(b.data.key, b.data.goodsId)
        const value = { title: b.data.title, content: sanitizeArticle(b.data.content) }
        await db
          .insert(config)
          .values(s.scope.row({ configKey, configValue: JSON.stringify(value) }))
          .onConflictDoUpdate({
            target: [config.tenantId, config.configKey],
            set: { configValue: JSON.stringify(value) },
          })
        return envelope(200, 'ok', { key: b.data.key, goodsId: b.data.goodsId ?? null, ...value })
      })

      app.post('/staff/prompts/delete', async (req) => {
        const s = await staffOf(req)
        const b = target.safeParse(req.body ?? {})
        if (!b.success) throw new AppError(400, 'prompt: key (lower-case letters, digits, -) is required')
        const gone = await db
          .delete(config)
          .where(s.scope.where(config, eq(config.configKey, promptKey(b.data.key, b.data.goodsId))))
          .returning({ id: config.id })
        return envelope(200, 'ok', { deleted: gone.length })
      })
    },
    { prefix: apiBase },
  )
}
