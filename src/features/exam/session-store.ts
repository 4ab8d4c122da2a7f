/**
 * The attempt being taken (one at a time): its questions, the learner's answers, where they are, and the
 * per-question feedback. Answers go to the device outbox first (services/bank/answer-queue), so nothing
 * answered is lost when the app is killed or offline. Practice mode grades at once with the shared scoring
 * rules (shared/rules/scoring.ts); the server's grade replaces it when it arrives. Test mode shows nothing
 * until submit; the server's report is the result.
 */
import { create } from 'zustand'
import { type ExamQuestion, type QuestionState, scoreQuestion } from '../../../shared/rules/scoring'
import { enqueue, flush, pending, position, savePosition } from '../bank/answer-queue'
import {
  answeredAtNow,
  type Ques,
  type Question,
  type RecordDetail,
  type ScoreReportWire,
  submitRecord,
} from '../bank/api'

export type Mode = 'practice' | 'test' | 'memorise'

export interface Feedback {
  state: QuestionState
  earned: number
}

/** A wire question + the learner's answer in the shape the scoring module takes. */
export function toExamQuestion(q: Question, ques: Ques | undefined): ExamQuestion {
  const base = { questionId: q.questionId, type: q.type, score: q.score, ans: q.ans ?? '' }
  const partScore = q.partScore ?? undefined
  if (q.type === 4) {
    const subs = Array.isArray(ques) ? ques : []
    const jsonStr = JSON.stringify(
      q.subQuestions.map((s, i) => ({
        type: s.type,
        score: s.score,
        partScore: s.partScore ?? undefined,
        ans: s.ans ?? '',
        ques: subs[i] ?? null,
      })),
    )
    return { ...base, partScore, ques: null, jsonStr }
  }
  if (q.type === 5) {
    const essay =
      ques && typeof ques === 'object' && !Array.isArray(ques) ? ques : { text: typeof ques === 'string' ? ques : '' }
    return { ...base, partScore, ques: essay }
  }
  return { ...base, partScore, ques: typeof ques === 'string' ? ques : null }
}

/** Instant grade of an answer, or null when the answers are not visible to this learner. */
export function gradeLocally(q: Question, ques: Ques): Feedback | null {
  if (q.type !== 5 && q.ans === null) return null
  if (q.type === 4 && q.subQuestions.some((s) => s.ans === null)) return null
  const r = scoreQuestion(toExamQuestion(q, ques))
  return r.state === 'unanswered' ? null : r
}

export function answeredState(_q: Question, ques: Ques | undefined): boolean {
  if (ques === undefined || ques === null) return false
  if (typeof ques === 'string') return ques.trim() !== ''
  if (Array.isArray(ques)) return ques.some((s) => typeof s === 'string' && s.trim() !== '')
  return !!ques.text?.trim() || (ques.imageList?.length ?? 0) > 0
}

export type SubmitResult = { ok: true; report: ScoreReportWire | null } | { ok: false; reason: 'unsent' | 'failed' }

export interface ExamSessionState {
  recordId: number | null
  mode: Mode
  /** practice attempts can be read with answers shown (memorise view) without changing the attempt */
  memoriseView: boolean
  title: string
  questions: Question[]
  answers: Record<number, Ques>
  feedback: Record<number, Feedback>
  index: number
  submitted: boolean
  report: ScoreReportWire | null
  /** the attempt's start (server clock, Unix seconds) */
  startTime: number
  /** when each question was last answered (Unix seconds): the paper clock counts the time spent from these */
  answeredAt: Record<number, number>
  /** a practice paper's suggested time in minutes (untimed); null for other attempts */
  suggestedMinutes: number | null
  /** open an attempt; `startAt` 'saved' = where the learner was, 'firstUnanswered' = the first open question */
  load: (detail: RecordDetail, startAt?: 'saved' | 'firstUnanswered') => void
  answer: (q: Question, ques: Ques) => void
  goTo: (i: number) => void
  setMemoriseView: (on: boolean) => void
  /** flush the outbox, refuse while answers are unsent, then submit (the server scores) */
  submit: () => Promise<SubmitResult>
  reset: () => void
}

const empty = {
  recordId: null,
  mode: 'practice' as Mode,
  memoriseView: false,
  title: '',
  questions: [] as Question[],
  answers: {} as Record<number, Ques>,
  feedback: {} as Record<number, Feedback>,
  index: 0,
  submitted: false,
  report: null,
  startTime: 0,
  answeredAt: {} as Record<number, number>,
  suggestedMinutes: null,
}

export const useExamSession = create<ExamSessionState>()((set, get) => ({
  ...empty,
  load: (detail, startAt = 'saved') => {
    const answers: Record<number, Ques> = {}
    const answeredAt: Record<number, number> = {}
    const feedback: Record<number, Feedback> = {}
    const byId = new Map(detail.questions.map((q) => [q.questionId, q]))
    for (const a of detail.answers) {
      answers[a.questionId] = a.ques
      answeredAt[a.questionId] = a.answeredAt
      if (a.state && a.state !== 'unanswered') feedback[a.questionId] = { state: a.state, earned: a.earned ?? 0 }
    }
    // answers still on the device are newer than the server's copy: they win
    const local = pending(detail.recordId)
    for (const a of local) {
      const saved = detail.answers.find((s) => s.questionId === a.questionId)
      if (saved && saved.answeredAt > a.answeredAt) continue
      answers[a.questionId] = a.ques
      answeredAt[a.questionId] = a.answeredAt
      const q = byId.get(a.questionId)
      const f = q && detail.mode === 'practice' ? gradeLocally(q, a.ques) : null
      if (f) feedback[a.questionId] = f
      else delete feedback[a.questionId]
    }
    const mode = detail.mode
    if (mode === 'test' && !detail.submitted) for (const k of Object.keys(feedback)) delete feedback[Number(k)]
    const n = detail.questions.length
    const firstOpen = Math.max(
      0,
      detail.questions.findIndex((q) => !answeredState(q, answers[q.questionId])),
    )
    let index = startAt === 'firstUnanswered' ? firstOpen : (position(detail.recordId) ?? firstOpen)
    index = Math.min(Math.max(0, index), Math.max(0, n - 1))
    set({
      recordId: detail.recordId,
      mode,
      memoriseView: mode === 'memorise',
      title: detail.title,
      questions: detail.questions,
      answers,
      feedback,
      index,
      submitted: detail.submitted,
      report: detail.report,
      startTime: detail.startTime,
      answeredAt,
      suggestedMinutes: detail.suggestedMinutes ?? null,
    })
    savePosition(detail.recordId, index)
  },
  answer: (q, ques) => {
    const { recordId, mode, submitted } = get()
    if (recordId === null || submitted || mode === 'memorise') return
    const at = answeredAtNow()
    enqueue({ recordId, questionId: q.questionId, ques, answeredAt: at })
    const feedback = { ...get().feedback }
    const f = mode === 'practice' ? gradeLocally(q, ques) : null
    if (f) feedback[q.questionId] = f
    else delete feedback[q.questionId]
    set({
      answers: { ...get().answers, [q.questionId]: ques },
      answeredAt: { ...get().answeredAt, [q.questionId]: at },
      feedback,
    })
  },
  goTo: (i) => {
    const { questions, recordId } = get()
    if (i < 0 || i >= questions.length) return
    set({ index: i })
    if (recordId !== null) savePosition(recordId, i)
  },
  setMemoriseView: (on) => set({ memoriseView: on || get().mode === 'memorise' }),
  submit: async () => {
    const { recordId } = get()
    if (recordId === null) return { ok: false, reason: 'failed' }
    await flush()
    if (pending(recordId).length > 0) return { ok: false, reason: 'unsent' }
    try {
      const res = await submitRecord(recordId, [])
      set({ submitted: true, report: res.report })
      return { ok: true, report: res.report }
    } catch {
      return { ok: false, reason: 'failed' }
    }
  },
  reset: () => set({ ...empty }),
}))
