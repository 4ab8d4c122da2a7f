/**
 * The public-read cache on one process (no Redis): a cached read keeps its answer for its TTL, a staff write (here
 * the announcement of content edited by hand, POST /staff/content/changed) drops the tenant's entries at once, and
 * only that tenant's; the school's content kept for learner reads (a chapter's questions) goes the same way. The
 * several-process side is in cluster.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { config as configTable, question } from '../../server/src/db/schema'
import { call, freshPglite, type Harness, harness } from './helpers'

const staffToken = randomBytes(16).toString('hex')
let h: Harness
beforeAll(async () => {
  h = await harness(await freshPglite(), { staffToken })
})
afterAll(async () => h?.close())

const read = async (tenantId: number) =>
  (await call<{ configKey: string; configValue: string }[]>(h.app, 'GET /app/common/config', { tenant: tenantId })).data
const announce = (tenantId: number, token = staffToken) =>
  h.app.inject({
    method: 'POST',
    url: '/api/staff/content/changed',
    headers: { 'tenant-id': String(tenantId), 'x-staff-token': token },
    payload: {},
  })
const setValue = (tenantId: number, key: string, value: string) =>
  h.database.db
    .update(configTable)
    .set({ configValue: value })
    .where(and(eq(configTable.tenantId, tenantId), eq(configTable.configKey, key)))

describe('public-read cache', () => {
  it('serves the cached answer until the content is announced changed, then the new one', async () => {
    const [first] = await read(1001)
    const other = await read(1002)
    await setValue(1001, first!.configKey, 'edited by hand')
    await setValue(1002, other[0]!.configKey, 'edited by hand too')
    expect((await read(1001)).find((c) => c.configKey === first!.configKey)?.configValue).toBe(first!.configValue)

    const r = await announce(1001)
    expect(r.json()).toMatchObject({ code: 200 })
    expect((await read(1001)).find((c) => c.configKey === first!.configKey)?.configValue).toBe('edited by hand')
    // another tenant's entries stay
    expect((await read(1002)).find((c) => c.configKey === other[0]!.configKey)?.configValue).toBe(other[0]!.configValue)
  })

  it('refuses the announcement without staff rights, and the cache stays', async () => {
    const [first] = await read(1001)
    await setValue(1001, first!.configKey, 'not announced')
    const r = await announce(1001, 'x'.repeat(32))
    expect(r.statusCode).toBe(401)
    expect((await read(1001)).find((c) => c.configKey === first!.configKey)?.configValue).toBe(first!.configValue)
  })

  it("keeps a chapter's questions for learners until the content is announced changed", async () => {
    const banks = await call<{ bankId: number; isFree: boolean }[]>(h.app, 'GET /app/common/bank/list')
    const free = banks.data.find((b) => b.isFree)!
    const chapters = await call<{ chapterId: number }[]>(h.app, 'GET /app/common/bank/chapter/list', {
      query: { bankId: free.bankId },
    })
    const chapterId = chapters.data[0]!.chapterId
    const list = async () =>
      (await call<{ total: number }>(h.app, 'GET /app/common/bank/question/list', { query: { chapterId } })).data.total
    const before = await list()
    await h.database.db.insert(question).values({
      tenantId: 1001,
      bankId: free.bankId,
      chapterId,
      type: 3,
      title: '<p>手工加入的题目</p>',
      ans: 'A',
      sort: 9999,
    })
    expect(await list()).toBe(before) // kept
    await announce(1001)
    expect(await list()).toBe(before + 1)
  })
})
