/**
 * Shared by the question-bank LIST pages (tab 3, my banks, chapters, papers, records, statistics,
 * favourites, wrong book, special practice): the chosen bank, the login guard, a one-shot loader and the
 * URLs of the practice engine's pages. The engine (player, report, wrongById, collectById) reads these
 * query params; the record scope names are the contract's (contract/schemas/bank-codes.ts RECORD_SCOPES).
 */
import Taro, { useRouter } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import type { Paper, RecordSummary } from '@/features/bank/api'
import type { MessageKey } from '@/i18n'
import { freePapers, freePapersOfGoods } from '@/services/api/tabs'
import { storage } from '@/services/storage'
import { isLoggedIn } from '@/store/session'

export const LOGIN_URL = '/pages4/login/login?isBack=1'
export const QUIET = { noLoading: true, silent: true } as const

export type Scope = RecordSummary['scope']
export const SCOPES: readonly Scope[] = ['chapter', 'paper', 'daily', 'random', 'wrong', 'collect', 'special']

/** Learner-only pages: without a session the page is replaced by login (which comes back here). */
export function requireLogin(): boolean {
  if (isLoggedIn()) return true
  Taro.redirectTo({ url: LOGIN_URL })
  return false
}

/** The bank the learner picked last on tab 3 (storage 'bank_id'), or null. */
export function rememberedBankId(): number | null {
  const v = Number(storage.get<number>('bank_id'))
  return Number.isInteger(v) && v > 0 ? v : null
}

export function rememberBank(bankId: number): void {
  storage.set('bank_id', bankId)
}

/** A positive integer query param, or undefined. */
export function numParam(v: string | undefined): number | undefined {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/** The page's query params as numbers; bankId falls back to the remembered bank. */
export function useBankParams() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  return {
    bankId: numParam(p.bankId) ?? rememberedBankId() ?? undefined,
    chapterId: numParam(p.chapterId),
    paperId: numParam(p.paperId),
    questionId: numParam(p.questionId),
    goodsId: numParam(p.goodsId),
    type: numParam(p.type),
    scope: SCOPES.find((s) => s === p.scope),
  }
}

export type LoadStatus = 'loading' | 'ready' | 'error'

/** One-shot data for a page: reload(quiet) keeps what is shown on a failed quiet refresh; newest call wins. */
export function useLoader<T>(fetcher: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null)
  const [status, setStatus] = useState<LoadStatus>('loading')
  const ref = useRef(fetcher)
  ref.current = fetcher
  const seq = useRef(0)
  const shown = useRef(false)
  const reload = useCallback(async (quiet = false) => {
    const my = ++seq.current
    if (!quiet) setStatus('loading')
    try {
      const d = await ref.current()
      if (my !== seq.current) return
      shown.current = true
      setData(d)
      setStatus('ready')
    } catch {
      if (my !== seq.current) return
      if (!quiet || !shown.current) setStatus('error')
    }
  }, [])
  return { data, status, reload, setData }
}

/**
 * Free papers (public, no token needed): of one goods, or (no goodsId) every free paper of the school — a free
 * paper usually sits in a paid bank, so the free banks alone would miss it.
 */
export async function loadFreePapers(goodsId?: number): Promise<Paper[]> {
  if (goodsId) return freePapersOfGoods(goodsId, QUIET)
  return freePapers(QUIET)
}

export const go = (url: string) => Taro.navigateTo({ url })

/** a query string of the set values */
function query(q: Record<string, string | number | undefined>): string {
  return Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== '' && v !== 0)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')
}

/** URLs of the pages around the lists (the engine's pages read these params). */
export const bankUrl = {
  goods: (goodsId: number) => `/pages3/course/detail?id=${goodsId}`,
  daily: (bankId: number) => `/pages2/dailyPractice/index?bankId=${bankId}`,
  random: (bankId: number) => `/pages2/randomPractice/index?bankId=${bankId}`,
  chapters: (bankId: number) => `/pages2/bank/detail?bankId=${bankId}`,
  papers: (bankId: number) => `/pages5/examBank?bankId=${bankId}`,
  wrongBank: (bankId: number) => `/pages2/subject/wrongBank?bankId=${bankId}`,
  collectBank: (bankId: number) => `/pages2/subject/collectBank?bankId=${bankId}`,
  records: (bankId: number) => `/pages2/bank/question_record?bankId=${bankId}`,
  stats: (bankId: number) => `/pages2/bank/question_statistics?bankId=${bankId}`,
  special: (bankId: number) => `/pages2/class/questionBank?bankId=${bankId}`,
  /** practise a chapter: the player starts (or resumes) scope chapter */
  chapter: (bankId: number, chapterId: number) =>
    `/pages2/bank/questionBank?bankId=${bankId}&chapterId=${chapterId}&scope=chapter&mode=practice`,
  /** practise a scope without a chapter / paper (wrong, collect, special) */
  practise: (bankId: number, scope: Scope, extra = '') =>
    `/pages2/bank/questionBank?bankId=${bankId}&scope=${scope}&mode=practice${extra}`,
  test: (paperId: number) => `/pages2/bank/questionBankTest?paperId=${paperId}`,
  continueRecord: (recordId: number) => `/pages2/bank/questionBankContinue?recordId=${recordId}`,
  report: (recordId: number) => `/pages2/bank/question_report?recordId=${recordId}`,
  /** the engine's wrong-book review: due questions of the bank, or of a type / chapter (`all`: not only due) */
  wrongReview: (
    bankId: number | undefined,
    q: { type?: number; chapterId?: number; questionId?: number; all?: boolean } = {},
  ) =>
    `/pages2/bank/wrongById?${query({ bankId, type: q.type, chapterId: q.chapterId, questionId: q.questionId, all: q.all ? 1 : undefined })}`,
  /** the engine's favourites practice (scope collect) of the bank / chapter / type */
  collectPractise: (bankId: number | undefined, q: { type?: number; chapterId?: number } = {}) =>
    `/pages2/bank/collectById?${query({ bankId, type: q.type, chapterId: q.chapterId })}`,
  preview: (q: { chapterId?: number; paperId?: number; questionId?: number }) =>
    `/pages2/bank/question_detail?${query(q)}`,
  recordList: (q: { bankId?: number; scope?: Scope; paperId?: number }) =>
    `/pages2/bank/question_record_list?${query(q)}`,
}

/** Open an attempt: the report once submitted, else continue it. */
export function openRecord(r: Pick<RecordSummary, 'recordId' | 'submitted'>): void {
  go(r.submitted ? bankUrl.report(r.recordId) : bankUrl.continueRecord(r.recordId))
}

export const typeKey = (type: number) => `bankList.type.${type}` as MessageKey
export const scopeKey = (scope: Scope) => `bankList.scope.${scope}` as MessageKey
export const difficultyKey = (d: number) => `bankList.difficulty.${d}` as MessageKey

/** 0-100 (2 decimals on the wire) -> "87.5%" */
export const pct = (rate: number | null | undefined) => `${Math.round((rate ?? 0) * 10) / 10}%`

/** done / total as a 0-100 width for a bar */
export const ratio = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0)

/** seconds -> minutes (rounded up when any time was spent) */
export const minutes = (s: number) => (s > 0 ? Math.max(1, Math.round(s / 60)) : 0)

/** strip tags from the server's sanitised HTML for a one-line title */
export const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim()
