import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import {
  onRejected,
  pending,
  type RejectedAnswer,
  rejected,
  startAnswerSync,
  subscribe,
} from '@/features/bank/answer-queue'
import { collect, collectInfo, type RecordDetail, uncollect } from '@/features/bank/api'
import { answeredState, type SubmitResult, useExamSession } from '@/features/exam/session-store'
import { t } from '@/i18n/sub'
import { formatClock } from '@/lib/datetime'
import { spentSoFar } from '../../../../../shared/rules/time-spent'
import AnswerSheet, { type SheetState } from './answer-sheet'
import { goodsUrl, type LoadError, loadError, requireLogin } from './guard'
import QuestionCard from './question-card'
import './index.scss'

export interface PlayerProps {
  /** start, resume or re-read the attempt */
  load: () => Promise<RecordDetail>
  /** 'saved': where the learner was; 'firstUnanswered': the first open question (continue) */
  startAt?: 'saved' | 'firstUnanswered'
  /** the goods to buy when the bank is not owned */
  goodsId?: number
  fallbackTitle?: string
  /** shown under the nav bar while the attempt is open (the timed exam's countdown) */
  header?: ReactNode
  /** replaces the standard nav bar (the timed exam asks before leaving) */
  navBar?: (title: string) => ReactNode
  /** no more answering and no submit button (the time is up, the attempt is being closed) */
  locked?: boolean
  /** asked before submitting (resolves true to submit); default: ask only when questions are unanswered */
  confirmSubmit?: (unanswered: number) => Promise<boolean>
  /** submits the attempt; default: the session's submit (flush the outbox first, refuse while answers are unsent) */
  submit?: () => Promise<SubmitResult>
  /** the report of a submitted attempt; default: the bank's question_report */
  reportUrl?: (recordId: number) => string
  /** a refusal the page explains itself (e.g. exam entry conditions); return null for the standard message */
  renderError?: (error: unknown, retry: () => void) => ReactNode
}

const bankReportUrl = (recordId: number) => `/pages2/bank/question_report?recordId=${recordId}`

/** Unsent answers of an attempt, live. */
export function useUnsent(recordId: number | null): number {
  const [n, setN] = useState(() => (recordId === null ? 0 : pending(recordId).length))
  useEffect(() => {
    if (recordId === null) return
    const update = () => setN(pending(recordId).length)
    update()
    return subscribe(update)
  }, [recordId])
  return n
}

/** Answers of an attempt the server would not take, live. */
export function useRejected(recordId: number | null): RejectedAnswer[] {
  const [list, setList] = useState<RejectedAnswer[]>(() => (recordId === null ? [] : rejected(recordId)))
  useEffect(() => {
    if (recordId === null) return
    const update = () => setList(rejected(recordId))
    update()
    return subscribe(update)
  }, [recordId])
  return list
}

/** The learner's words for why an answer was set aside (the server's own message is for the log). */
export const rejectedReason = (a: Pick<RejectedAnswer, 'code'>) =>
  t(a.code >= 500 && a.code < 600 ? 'bank.rejected.server' : 'bank.rejected.invalid')

function RejectedBanner({
  list,
  numberOf,
  onOpen,
}: {
  list: RejectedAnswer[]
  numberOf: (questionId: number) => number
  onOpen: (questionId: number) => void
}) {
  const first = list[0]
  if (!first) return null
  return (
    <View className="answer-rejected-banner" onClick={() => onOpen(first.questionId)}>
      <Text>{t('bank.rejected.banner', { n: numberOf(first.questionId), reason: rejectedReason(first) })}</Text>
    </View>
  )
}

export function OfflineBanner({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <View className="answer-offline-banner">
      <Text>{t('bank.offline.banner', { n: count })}</Text>
    </View>
  )
}

export function LoadFailed({ kind, goodsId, onRetry }: { kind: LoadError; goodsId?: number; onRetry: () => void }) {
  if (kind === 'notOwned')
    return (
      <Empty
        text={t('bank.notOwned')}
        hint={goodsId ? t('bank.notOwned.hint') : t('bank.notOwned.noGoods')}
        actionText={goodsId ? t('bank.notOwned.buy') : undefined}
        onAction={goodsId ? () => Taro.navigateTo({ url: goodsUrl(goodsId) }) : undefined}
      />
    )
  if (kind === 'examInProgress') return <Empty text={t('bank.examInProgress')} hint={t('bank.examInProgress.hint')} />
  return (
    <Empty
      text={kind === 'offline' ? t('bank.loadOffline') : t('shell.loadFailed')}
      actionText={t('common.retry')}
      onAction={onRetry}
    />
  )
}

/**
 * A practice paper is not timed: its minutes are a suggestion. The bar says so and counts the time spent the way
 * the report's 用时 counts it (shared/rules/time-spent.ts); past the suggestion it says that, and nothing submits.
 */
export function PaperClock({ minutes }: { minutes: number }) {
  const startTime = useExamSession((s) => s.startTime)
  const answeredAt = useExamSession((s) => s.answeredAt)
  const [now, setNow] = useState(() => Date.now() / 1000)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() / 1000), 1000)
    return () => clearInterval(timer)
  }, [])
  const spent = spentSoFar(startTime, Object.values(answeredAt), Math.max(now, Date.now() / 1000))
  const over = spent > minutes * 60
  const elapsed = formatClock(spent)
  return (
    <View className={`paper-clock${over ? ' is-over' : ''}`}>
      <Text>
        {over ? t('bank.paper.over', { elapsed, min: minutes }) : t('bank.paper.clock', { elapsed, min: minutes })}
      </Text>
    </View>
  )
}

const indexOf = (questionId: number) =>
  Math.max(
    0,
    useExamSession.getState().questions.findIndex((x) => x.questionId === questionId),
  )
/** The question's number as the learner sees it (1-based). */
const numberOf = (questionId: number) => indexOf(questionId) + 1

/** The attempt player: one question at a time, answer sheet, favourites, submit. */
export default function Player({
  load,
  startAt = 'saved',
  goodsId,
  fallbackTitle = '',
  header,
  navBar,
  locked = false,
  confirmSubmit,
  submit,
  reportUrl = bankReportUrl,
  renderError,
}: PlayerProps) {
  const s = useExamSession()
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [error, setError] = useState<LoadError>('failed')
  const [rawError, setRawError] = useState<unknown>(null)
  const [sheet, setSheet] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [collected, setCollected] = useState<Record<number, boolean>>({})
  const unsent = useUnsent(s.recordId)
  const refused = useRejected(s.recordId)
  const loadRef = useRef(load)
  loadRef.current = load

  const open = useCallback(async () => {
    if (!requireLogin()) return
    setStatus('loading')
    try {
      const detail = await loadRef.current()
      useExamSession.getState().load(detail, startAt)
      setStatus('ready')
    } catch (e) {
      setError(loadError(e))
      setRawError(e)
      setStatus('error')
    }
  }, [startAt])

  useEffect(() => {
    startAnswerSync()
    open()
    return () => useExamSession.getState().reset()
  }, [open])

  // one answer the server would not take: the learner is told which and why; the others are saved
  useEffect(
    () =>
      onRejected((a) => {
        const st = useExamSession.getState()
        if (a.recordId !== st.recordId) return
        Taro.showModal({
          title: t('bank.rejected.title'),
          content: t('bank.rejected.content', { n: numberOf(a.questionId), reason: rejectedReason(a) }),
          showCancel: false,
          confirmText: t('common.ok'),
        })
      }),
    [],
  )

  const q = s.questions[s.index]
  const qid = q?.questionId
  useEffect(() => {
    if (qid === undefined || collected[qid] !== undefined) return
    collectInfo(qid, { noLoading: true, silent: true })
      .then((r) => setCollected((c) => ({ ...c, [qid]: r.collected })))
      .catch(() => undefined)
  }, [qid, collected])

  const toggleCollect = async () => {
    if (qid === undefined) return
    const on = !collected[qid]
    try {
      if (on) await collect(qid, { noLoading: true })
      else await uncollect(qid, { noLoading: true })
      setCollected((c) => ({ ...c, [qid]: on }))
      Taro.showToast({ title: on ? t('bank.collected') : t('bank.uncollected'), icon: 'none' })
    } catch {
      // shown by the request layer
    }
  }

  const doSubmit = async (): Promise<void> => {
    const st = useExamSession.getState()
    const open = st.questions.filter((x) => !answeredState(x, st.answers[x.questionId])).length
    if (confirmSubmit) {
      if (!(await confirmSubmit(open))) return
    } else if (open > 0) {
      const r = await Taro.showModal({
        title: t('common.tip'),
        content: t('bank.submit.unanswered', { n: open }),
        confirmText: t('bank.submit.confirm'),
        cancelText: t('common.cancel'),
      })
      if (!r.confirm) return
    }
    setSubmitting(true)
    const send = submit ?? (() => useExamSession.getState().submit())
    let res = await send()
    while (!res.ok && res.reason === 'unsent') {
      const r = await Taro.showModal({
        title: t('common.tip'),
        content: t('bank.submit.unsent'),
        confirmText: t('common.retry'),
        cancelText: t('common.cancel'),
      })
      if (!r.confirm) break
      res = await send()
    }
    setSubmitting(false)
    if (res.ok) {
      if (st.recordId !== null) Taro.redirectTo({ url: reportUrl(st.recordId) })
    } else if (res.reason === 'failed') Taro.showToast({ title: t('bank.submit.failed'), icon: 'none' })
  }

  const title = s.title || fallbackTitle
  const nav = (text: string) => (navBar ? navBar(text) : <NavBar title={text} />)
  if (status !== 'ready' || !q) {
    const explained = status === 'error' && renderError ? renderError(rawError, open) : null
    return (
      <View className="page bank-page bank-player" style={themeStyle}>
        {nav(title || t('bank.player.title'))}
        {status === 'loading' && <PageLoading rows={3} />}
        {status === 'error' && (explained ?? <LoadFailed kind={error} goodsId={goodsId} onRetry={open} />)}
        {status === 'ready' && <Empty text={t('bank.empty')} />}
      </View>
    )
  }

  const practice = s.mode === 'practice'
  const test = s.mode === 'test'
  const reveal = s.memoriseView || s.submitted || (practice && !!s.feedback[q.questionId])
  const states: SheetState[] = s.questions.map((x) => {
    const f = s.feedback[x.questionId]
    if (f && f.state !== 'unanswered' && !test) return f.state
    if (f && s.submitted && f.state !== 'unanswered') return f.state
    return answeredState(x, s.answers[x.questionId]) ? 'answered' : 'empty'
  })
  const doneNum = states.filter((x) => x !== 'empty').length
  const last = s.index === s.questions.length - 1

  return (
    <View className={`page bank-page bank-player mode-${s.mode}`} style={themeStyle}>
      {nav(title)}
      <OfflineBanner count={unsent} />
      <RejectedBanner list={refused} numberOf={numberOf} onOpen={(id) => s.goTo(indexOf(id))} />
      {header}
      {s.suggestedMinutes !== null && !s.submitted && <PaperClock minutes={s.suggestedMinutes} />}
      <View className="player-bar">
        <Text className="player-progress">{t('bank.progress', { done: doneNum, total: s.questions.length })}</Text>
        {practice && (
          <View className="player-modes">
            <Text
              className={`player-mode mode-practice${s.memoriseView ? '' : ' is-active'}`}
              onClick={() => s.setMemoriseView(false)}
            >
              {t('bank.mode.practice')}
            </Text>
            <Text
              className={`player-mode mode-memorise${s.memoriseView ? ' is-active' : ''}`}
              onClick={() => s.setMemoriseView(true)}
            >
              {t('bank.mode.memorise')}
            </Text>
          </View>
        )}
        {!practice && <Text className="player-mode is-active">{t(`bank.mode.${s.mode}`)}</Text>}
      </View>
      {s.submitted && (
        <View className="player-submitted">
          <Text>{t('bank.submitted')}</Text>
          <Text
            className="player-link"
            onClick={() => s.recordId !== null && Taro.redirectTo({ url: reportUrl(s.recordId) })}
          >
            {t('bank.viewReport')}
          </Text>
        </View>
      )}
      <View className="player-body">
        <QuestionCard
          question={q}
          index={s.index}
          total={s.questions.length}
          ques={s.answers[q.questionId]}
          feedback={test && !s.submitted ? null : s.feedback[q.questionId]}
          reveal={reveal}
          readOnly={s.memoriseView || s.submitted || locked}
          confirm={practice}
          onAnswer={(v) => s.answer(q, v)}
          tools={!locked && !(test && !s.submitted)}
        />
      </View>
      <View className="player-foot">
        <View className={`player-btn q-prev${s.index === 0 ? ' is-disabled' : ''}`} onClick={() => s.goTo(s.index - 1)}>
          <Text>{t('bank.prev')}</Text>
        </View>
        <View className="player-btn sheet-open" onClick={() => setSheet(true)}>
          <Text>{t('bank.sheet.open')}</Text>
        </View>
        <View className={`player-btn q-collect${collected[q.questionId] ? ' is-on' : ''}`} onClick={toggleCollect}>
          <Text>{collected[q.questionId] ? t('bank.collect.on') : t('bank.collect.off')}</Text>
        </View>
        {!last && (
          <View className="player-btn is-primary q-next" onClick={() => s.goTo(s.index + 1)}>
            <Text>{t('bank.next')}</Text>
          </View>
        )}
        {!s.submitted && !locked && s.mode !== 'memorise' && (last || test) && (
          <View
            className={`player-btn is-primary q-submit${submitting ? ' is-busy' : ''}`}
            onClick={() => !submitting && doSubmit()}
          >
            <Text>{test ? t('bank.submit') : t('bank.finish')}</Text>
          </View>
        )}
      </View>
      <AnswerSheet visible={sheet} states={states} current={s.index} onJump={s.goTo} onClose={() => setSheet(false)} />
    </View>
  )
}
