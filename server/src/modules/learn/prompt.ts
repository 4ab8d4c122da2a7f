/**
 * Learning prompts (学习须知, 考试须知 ...; docs/DECISIONS.md "Course extras"): tenant config rows
 * `prompt.<key>` = JSON `{ title, content }` (content: HTML, sanitised on the way out), and per goods
 * `prompt.<key>.goods.<goodsId>`, which replaces the school's general prompt of that key for that goods.
 * A public read, cached per tenant and query like the other public reads (server/src/app.ts CACHED_PUBLIC).
 */
import { asc, eq, like } from 'drizzle-orm'
import { config, goods } from '../../db/schema'
import type { Handlers } from '../../http/core'
import { sanitizeArticle } from '../../services/sanitize'
import { MAX_ID, notFound, type Scoped } from './core'

export const PROMPT_PREFIX = 'prompt.'
const KEY = /^prompt\.([a-z][a-z0-9-]{0,31})(?:\.goods\.(\d{1,10}))?$/

/** The config key of a prompt: the school's, or a goods' own. */
export const promptKey = (key: string, goodsId?: number) =>
  goodsId === undefined ? `${PROMPT_PREFIX}${key}` : `${PROMPT_PREFIX}${key}.goods.${goodsId}`

function parse(value: string): { title: string; content: string } | undefined {
  try {
    const v = JSON.parse(value) as unknown
    if (!v || typeof v !== 'object') return undefined
    const o = v as Record<string, unknown>
    const title = typeof o.title === 'string' ? o.title.trim().slice(0, 100) : ''
    const content = typeof o.content === 'string' ? sanitizeArticle(o.content) : ''
    return title || content ? { title, content } : undefined
  } catch {
    return undefined
  }
}

export async function prompts(ctx: Scoped, key?: string, goodsId?: number) {
  if (goodsId !== undefined) {
    const [g] =
      goodsId <= MAX_ID
        ? await ctx.db
            .select({ id: goods.id })
            .from(goods)
            .where(ctx.scope.where(goods, eq(goods.id, goodsId)))
        : []
    if (!g) throw notFound('goods')
  }
  const rows = await ctx.db
    .select({ configKey: config.configKey, configValue: config.configValue })
    .from(config)
    .where(ctx.scope.where(config, like(config.configKey, key ? `${PROMPT_PREFIX}${key}%` : `${PROMPT_PREFIX}%`)))
    .orderBy(asc(config.configKey))
  const general = new Map<string, { title: string; content: string }>()
  const own = new Map<string, { title: string; content: string }>()
  for (const r of rows) {
    const m = KEY.exec(r.configKey)
    if (!m) continue
    const k = m[1]!
    if (key && k !== key) continue
    const v = parse(r.configValue)
    if (!v) continue
    if (m[2] === undefined) general.set(k, v)
    else if (goodsId !== undefined && Number(m[2]) === goodsId) own.set(k, v)
  }
  const keys = [...new Set([...general.keys(), ...own.keys()])].sort()
  return keys.map((k) => {
    const mine = own.get(k)
    const v = (mine ?? general.get(k))!
    return { key: k, title: v.title, content: v.content, goodsId: mine ? goodsId! : null }
  })
}

export const handlers: Handlers = {
  'GET /app/common/prompt': async (ctx, { query }) => prompts(ctx, query.key, query.goodsId),
}
