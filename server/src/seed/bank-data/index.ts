/**
 * Seeded question banks and papers of the two demo tenants.
 *
 * `loadBankData(tenantId)` returns the tenant's main bank (chapters in syllabus order, questions in authoring
 * order) and its papers, then one bank per other paid question-bank goods (goods-banks-*.ts) with one mock paper
 * each; every bank names the goods it belongs to. Question ids are stable: tenant 1001 from 100001, tenant 1002 from 200001.
 * Papers draw questions by id, spread evenly over each type's list (so over all chapters):
 * two mock papers (模拟试卷一/二, disjoint) and one free paper per tenant. Pass rules:
 * 1001 安全生产管理人员 — 80% of the paper's total (the usual 80/100 pass line), 1002 二级建造师 — 60% (72/120);
 * the free papers carry `passScore: null` so `scorePaper` applies its default 60% rule.
 * Questions carry no `passScore`: whoever builds an `ExamQuestion[]` for a paper copies the
 * paper's `passScore` onto the first question (the `scorePaper` convention).
 */
import { GOODS_BANKS_1001 } from './goods-banks-1001'
import { GOODS_BANKS_1002 } from './goods-banks-1002'
import { BANK_NAME_1001, CHAPTERS_1001, QUESTIONS_1001 } from './tenant-1001'
import { BANK_NAME_1002, CHAPTERS_1002, QUESTIONS_1002 } from './tenant-1002'
import type { Bank, BankData, BankPaper, BankQuestion } from './types'

export type { Bank, BankChapter, BankData, BankPaper, BankQuestion, BankSubQuestion, OptionItem } from './types'

interface PaperSpec {
  name: string
  kind: BankPaper['kind']
  durationMinutes: number
  /** Questions per type: [single, multiple, judgement, composite, essay]. */
  counts: [number, number, number, number, number]
  /** Which slice of the evenly spaced picks (papers with different offsets are disjoint). */
  offset: number
  passRatio: number | null
}

interface TenantDef {
  bankName: string
  /** the question-bank goods the main bank belongs to */
  goods: string
  chapters: string[]
  questions: BankQuestion[]
  papers: PaperSpec[]
  /** the banks of the tenant's other paid question-bank goods, each with one mock paper of its objective questions */
  goodsBanks: (Bank & { goods: string })[]
  /** the bank whose first chapter the free question-bank goods copy */
  freeFrom?: string
}

const TENANTS: Record<string, TenantDef> = {
  '1001': {
    bankName: BANK_NAME_1001,
    goods: '安全生产管理人员考试题库',
    goodsBanks: GOODS_BANKS_1001,
    chapters: CHAPTERS_1001,
    questions: QUESTIONS_1001,
    papers: [
      { name: '模拟试卷一', kind: 'mock', durationMinutes: 90, counts: [30, 8, 12, 2, 1], offset: 0, passRatio: 0.8 },
      { name: '模拟试卷二', kind: 'mock', durationMinutes: 90, counts: [30, 8, 12, 2, 1], offset: 1, passRatio: 0.8 },
      {
        name: '免费试卷·法律法规基础练习',
        kind: 'free',
        durationMinutes: 30,
        counts: [12, 4, 6, 1, 0],
        offset: 2,
        passRatio: null,
      },
    ],
  },
  '1002': {
    bankName: BANK_NAME_1002,
    goods: '二级建造师《建设工程施工管理》题库',
    goodsBanks: GOODS_BANKS_1002,
    freeFrom: GOODS_BANKS_1002[0]!.name,
    chapters: CHAPTERS_1002,
    questions: QUESTIONS_1002,
    papers: [
      { name: '模拟试卷一', kind: 'mock', durationMinutes: 180, counts: [32, 10, 10, 2, 2], offset: 0, passRatio: 0.6 },
      { name: '模拟试卷二', kind: 'mock', durationMinutes: 180, counts: [32, 10, 10, 2, 2], offset: 1, passRatio: 0.6 },
      {
        name: '免费试卷·施工管理入门练习',
        kind: 'free',
        durationMinutes: 30,
        counts: [15, 5, 5, 1, 0],
        offset: 2,
        passRatio: null,
      },
    ],
  },
}

/** `n` picks spread evenly over `list`, shifted by `offset` (same counts + different offsets => disjoint picks). */
function spread<T>(list: T[], n: number, offset: number): T[] {
  if (n <= 0 || list.length === 0) return []
  const stride = Math.max(1, Math.floor(list.length / n))
  const out: T[] = []
  for (let i = 0; i < n; i++) {
    const idx = i * stride + (offset % stride)
    if (idx < list.length) out.push(list[idx])
  }
  return out
}

function buildPaper(def: TenantDef, spec: PaperSpec): BankPaper {
  const picked: BankQuestion[] = []
  for (let t = 1 as BankQuestion['type']; t <= 5; t++) {
    const ofType = def.questions.filter((q) => q.type === t)
    picked.push(...spread(ofType, spec.counts[t - 1], spec.offset))
  }
  const totalScore = picked.reduce((s, q) => s + q.score, 0)
  return {
    name: spec.name,
    kind: spec.kind,
    durationMinutes: spec.durationMinutes,
    totalScore,
    passScore: spec.passRatio === null ? null : Math.ceil(totalScore * spec.passRatio),
    questionIds: picked.map((q) => q.id),
  }
}

/** A goods bank's mock paper: every objective question (single, multiple, judgement) in bank order, 60 minutes. */
function goodsBankPaper(b: Bank): BankPaper {
  const picked = b.chapters.flatMap((c) => c.questions).filter((q) => q.type <= 3)
  const totalScore = picked.reduce((s, q) => s + q.score, 0)
  return {
    name: `${b.name.replace(/（.*$/, '')}模拟试卷`,
    bank: b.name,
    kind: 'mock',
    durationMinutes: 60,
    totalScore,
    passScore: Math.ceil(totalScore * 0.6),
    questionIds: picked.map((q) => q.id),
  }
}

/** The demo banks and papers of a tenant; an unknown tenant gets empty lists. */
export function loadBankData(tenantId: number | string): BankData {
  const def = TENANTS[String(tenantId)]
  if (!def) return { banks: [], papers: [] }
  return {
    banks: [
      {
        name: def.bankName,
        goods: def.goods,
        chapters: def.chapters.map((name) => ({ name, questions: def.questions.filter((q) => q.chapter === name) })),
      },
      ...def.goodsBanks,
    ],
    papers: [...def.papers.map((spec) => buildPaper(def, spec)), ...def.goodsBanks.map(goodsBankPaper)],
    freeFrom: def.freeFrom,
  }
}

export const BANK_TENANT_IDS = Object.keys(TENANTS).map(Number)
