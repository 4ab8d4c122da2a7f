/**
 * Question banks of each demo tenant, from the data files in ./bank-data (`loadBankData(tenantId)`), seeded
 * for every question-bank goods that has no bank yet. A data bank is attached to the goods it names (an
 * unnamed data bank i to the tenant's i-th paid question-bank goods); the free question-bank goods get a
 * "free trial" bank (a copy of the first chapter of the data's `freeFrom` bank, else the first bank); a paper
 * belongs to the bank it names (else the first), data papers of kind 'free' are free papers. Until the data
 * files exist, nothing is seeded.
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import { countRows, type Db } from '../db'
import { bank, bankChapter, config, goods, paper, paperQuestion, question, tenant } from '../db/schema'
import { TenantScope } from '../http/core'
import { sanitizeArticle } from '../services/sanitize'
import type { BankData, BankQuestion, OptionItem } from './bank-data/types'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Loader = (tenantId: number) => BankData | undefined | Promise<BankData | undefined>

const BEFORE_KNOW = {
  title: '练习须知',
  content:
    '<p>1. 作答会随时自动保存；断网时保存在本机，联网后自动同步，交卷以服务器评分为准。</p>' +
    '<p>2. 练习模式作答后可查看答案与解析；考试模式交卷后查看。</p>' +
    '<p>3. 答错的题目自动进入错题本，系统按记忆规律安排复习，连续答对 3 次后自动移出。</p>',
}

async function loader(): Promise<Loader | undefined> {
  try {
    const mod = (await import(new URL('./bank-data/index.ts', import.meta.url).href)) as { loadBankData?: Loader }
    return mod.loadBankData
  } catch {
    return undefined
  }
}

const opts = (list: OptionItem[] | undefined) => (list ?? []).map((o) => ({ label: o.key, content: o.value }))

function subJson(q: BankQuestion): string {
  if (q.type !== 4 || !q.jsonStr) return ''
  try {
    const subs = JSON.parse(q.jsonStr) as { optionsList?: OptionItem[]; ques?: unknown }[]
    return JSON.stringify(subs.map(({ ques: _q, ...s }) => ({ ...s, optionsList: opts(s.optionsList) })))
  } catch {
    return ''
  }
}

async function insertQuestions(
  tx: Tx,
  scope: TenantScope,
  bankId: number,
  chapterId: number,
  list: BankQuestion[],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>()
  for (let i = 0; i < list.length; i += 200) {
    const part = list.slice(i, i + 200)
    const rows = await tx
      .insert(question)
      .values(
        part.map((q, k) =>
          scope.row({
            bankId,
            chapterId,
            type: q.type,
            title: sanitizeArticle(q.title),
            optionsList: opts(q.optionsList),
            ans: q.ans,
            analysis: q.analysis,
            score: q.score,
            partScore: q.partScore ?? null,
            jsonStr: subJson(q),
            difficulty: q.difficulty,
            sort: i + k + 1,
          }),
        ),
      )
      .returning({ id: question.id, sort: question.sort })
    for (const r of rows) ids.set(list[r.sort - 1]!.id, r.id)
  }
  return ids
}

async function seedTenant(tx: Tx, tenantId: number, data: BankData) {
  const scope = new TenantScope(tenantId)
  const bankGoods = await tx
    .select({ id: goods.id, price: goods.price, name: goods.name })
    .from(goods)
    .where(scope.where(goods, eq(goods.goodsType, 2)))
    .orderBy(asc(goods.sort), asc(goods.id))
  // goods that have a bank already keep it (a restart, or banks made by staff)
  const have = new Set(
    (await tx.select({ goodsId: bank.goodsId }).from(bank).where(scope.where(bank))).map((r) => r.goodsId),
  )
  const paid = bankGoods.filter((g) => g.price > 0)
  const free = bankGoods.filter((g) => g.price === 0)
  const byName = new Map(bankGoods.map((g) => [g.name, g]))
  const dataIds = new Map<number, number>()
  const made = new Map<string, number>()
  for (const [i, b] of data.banks.entries()) {
    const g = b.goods !== undefined ? byName.get(b.goods) : paid[i % Math.max(paid.length, 1)]
    if (!g || g.price === 0 || have.has(g.id)) continue
    have.add(g.id)
    const [row] = await tx
      .insert(bank)
      .values(scope.row({ goodsId: g.id, name: b.name, sort: i + 1 }))
      .returning({ id: bank.id })
    made.set(b.name, row!.id)
    for (const [ci, c] of b.chapters.entries()) {
      const [ch] = await tx
        .insert(bankChapter)
        .values(scope.row({ bankId: row!.id, name: c.name, sort: ci + 1 }))
        .returning({ id: bankChapter.id })
      for (const [k, v] of await insertQuestions(tx, scope, row!.id, ch!.id, c.questions)) dataIds.set(k, v)
    }
  }
  const source = data.banks.find((b) => b.name === data.freeFrom) ?? data.banks[0]
  const firstChapter = source?.chapters[0]
  for (const [i, g] of free.entries()) {
    if (!firstChapter || have.has(g.id)) continue
    have.add(g.id)
    const [row] = await tx
      .insert(bank)
      .values(scope.row({ goodsId: g.id, name: `${g.name}`, sort: 100 + i }))
      .returning({ id: bank.id })
    const [ch] = await tx
      .insert(bankChapter)
      .values(scope.row({ bankId: row!.id, name: firstChapter.name, sort: 1 }))
      .returning({ id: bankChapter.id })
    await insertQuestions(tx, scope, row!.id, ch!.id, firstChapter.questions)
  }
  for (const [i, p] of data.papers.entries()) {
    // papers of the banks made now (a bank seeded before kept its papers)
    const bankId = made.get(p.bank ?? data.banks[0]?.name ?? '')
    if (bankId === undefined) continue
    const ids = p.questionIds.map((id) => dataIds.get(id)).filter((id): id is number => id !== undefined)
    if (ids.length === 0) continue
    const [row] = await tx
      .insert(paper)
      .values(
        scope.row({
          bankId,
          name: p.name,
          free: p.kind === 'free',
          passScore: p.passScore ?? 0,
          durationMinutes: p.durationMinutes,
          sort: i + 1,
        }),
      )
      .returning({ id: paper.id })
    await tx
      .insert(paperQuestion)
      .values(ids.map((questionId, k) => scope.row({ paperId: row!.id, questionId, sort: k + 1 })))
  }
  await tx
    .insert(config)
    .values(scope.row({ configKey: 'bank.beforeKnow', configValue: JSON.stringify(BEFORE_KNOW) }))
    .onConflictDoNothing()
}

/**
 * Seeds a bank for every question-bank goods of a tenant that has none yet (idempotent per goods: a paid bank
 * goods is never left without the bank it sells, also in a database seeded by an older version).
 */
export async function seedBankIfEmpty(db: Db): Promise<void> {
  const load = await loader()
  if (!load) return
  const tenants = await db.select({ id: tenant.id }).from(tenant).where(gt(tenant.id, 0))
  for (const t of tenants) {
    const scope = new TenantScope(t.id)
    const bankGoods = await countRows(db, goods, scope.where(goods, and(eq(goods.goodsType, 2))))
    if (bankGoods === 0) continue
    const banked = await db.selectDistinct({ goodsId: bank.goodsId }).from(bank).where(scope.where(bank))
    if (banked.length >= bankGoods) continue
    const data = await load(t.id)
    if (!data || data.banks.length === 0) continue
    await db.transaction((tx) => seedTenant(tx, t.id, data))
  }
}
