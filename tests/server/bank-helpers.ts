/** Question-bank test fixtures: a handful of banks, chapters, questions and papers inserted per test database. */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../server/src/db'
import {
  bank,
  bankChapter,
  goods,
  paper,
  paperQuestion,
  question,
  sysUser,
  userGoods,
} from '../../server/src/db/schema'

const opts = (n: number) =>
  'ABCD'
    .slice(0, n)
    .split('')
    .map((label) => ({ label, content: `选项${label}` }))

export interface Fixture {
  paidBank: number
  freeBank: number
  chapterA: number
  chapterB: number
  freeChapter: number
  /** questions of chapterA / chapterB in order */
  qa: number[]
  qb: number[]
  paidPaper: number
  freePaper: number
  bigPaper: number
  bigPaperIds: number[]
  tenantBBank: number
  tenantBChapter: number
  userA: number
  userB: number
}

async function goodsByName(db: Db, tenantId: number, name: string) {
  const [g] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.tenantId, tenantId), eq(goods.name, name)))
  if (!g) throw new Error(`no goods ${name}`)
  return g.id
}

async function addQuestions(
  db: Db,
  tenantId: number,
  bankId: number,
  chapterId: number | null,
  n: number,
  tag: string,
) {
  const ids: number[] = []
  for (let i = 0; i < n; i++) {
    const type = ([1, 2, 3, 4, 5] as const)[i % 5]
    const sub = [
      { type: 1, title: '子题1', optionsList: opts(4), score: 2, ans: 'A', analysis: '解析' },
      { type: 2, title: '子题2', optionsList: opts(4), score: 2, partScore: 0.5, ans: 'A,B', analysis: '解析' },
    ]
    const [row] = await db
      .insert(question)
      .values({
        tenantId,
        bankId,
        chapterId,
        type,
        title: `${tag} 第${i + 1}题`,
        optionsList: type === 3 ? opts(2) : type === 5 || type === 4 ? [] : opts(4),
        ans: type === 1 ? 'B' : type === 2 ? 'A,C' : type === 3 ? 'A' : type === 5 ? '参考答案' : '',
        analysis: `${tag} 解析${i + 1}`,
        score: type === 4 ? 4 : type === 2 ? 2 : type === 5 ? 5 : 1,
        partScore: type === 2 ? 0.5 : null,
        jsonStr: type === 4 ? JSON.stringify(sub) : '',
        difficulty: (i % 3) + 1,
        sort: i + 1,
      })
      .returning({ id: question.id })
    ids.push(row!.id)
  }
  return ids
}

/** The right answer on the wire for a fixture question. */
export function rightAnswer(type: number): unknown {
  return type === 1
    ? 'B'
    : type === 2
      ? 'A,C'
      : type === 3
        ? 'A'
        : type === 4
          ? ['A', 'A,B']
          : { text: '答', imageList: [] }
}
export function wrongAnswer(type: number): unknown {
  return type === 1
    ? 'D'
    : type === 2
      ? 'B'
      : type === 3
        ? 'B'
        : type === 4
          ? ['C', 'D']
          : { text: '答', imageList: [] }
}

export async function bankFixture(db: Db, opts2: { entitleA?: boolean } = {}): Promise<Fixture> {
  const paidGoods = await goodsByName(db, 1001, '安全生产管理人员考试题库')
  const freeGoods = await goodsByName(db, 1001, '特种作业安全常识免费题库')
  const bGoods = await goodsByName(db, 1002, '初级会计职称题库')
  const [pb] = await db
    .insert(bank)
    .values({ tenantId: 1001, goodsId: paidGoods, name: '测试付费题库', sort: 100 })
    .returning()
  const [fb] = await db
    .insert(bank)
    .values({ tenantId: 1001, goodsId: freeGoods, name: '测试免费题库', sort: 101 })
    .returning()
  const [bb] = await db
    .insert(bank)
    .values({ tenantId: 1002, goodsId: bGoods, name: '租户B题库', sort: 100 })
    .returning()
  const ch = async (tenantId: number, bankId: number, name: string, sort: number) =>
    (await db.insert(bankChapter).values({ tenantId, bankId, name, sort }).returning())[0]!.id
  const chapterA = await ch(1001, pb!.id, '第一章', 1)
  const chapterB = await ch(1001, pb!.id, '第二章', 2)
  const freeChapter = await ch(1001, fb!.id, '免费章节', 1)
  const tenantBChapter = await ch(1002, bb!.id, 'B章节', 1)
  const qa = await addQuestions(db, 1001, pb!.id, chapterA, 10, 'A')
  const qb = await addQuestions(db, 1001, pb!.id, chapterB, 10, 'B')
  await addQuestions(db, 1001, fb!.id, freeChapter, 5, 'F')
  await addQuestions(db, 1002, bb!.id, tenantBChapter, 5, 'TB')
  const big = await addQuestions(db, 1001, pb!.id, null, 100, 'P')
  const mkPaper = async (name: string, free: boolean, ids: number[], passScore = 0) => {
    const [p] = await db.insert(paper).values({ tenantId: 1001, bankId: pb!.id, name, free, passScore }).returning()
    await db
      .insert(paperQuestion)
      .values(ids.map((questionId, i) => ({ tenantId: 1001, paperId: p!.id, questionId, sort: i + 1 })))
    return p!.id
  }
  const paidPaper = await mkPaper('付费试卷', false, qa.slice(0, 5), 3)
  const freePaper = await mkPaper('免费试卷', true, qb.slice(0, 5))
  const bigPaper = await mkPaper('百题试卷', false, big)
  const [ua] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.tenantId, 1001))
  const [ub] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.tenantId, 1002))
  if (opts2.entitleA !== false)
    await db.insert(userGoods).values({ tenantId: 1001, userId: ua!.id, goodsId: paidGoods })
  return {
    paidBank: pb!.id,
    freeBank: fb!.id,
    chapterA,
    chapterB,
    freeChapter,
    qa,
    qb,
    paidPaper,
    freePaper,
    bigPaper,
    bigPaperIds: big,
    tenantBBank: bb!.id,
    tenantBChapter,
    userA: ua!.id,
    userB: ub!.id,
  }
}
