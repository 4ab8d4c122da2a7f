/**
 * The timed exam (formal: startExam; `kind=mock`: startMock). Query: `examId` (start or resume) or `recordId`
 * (+ `examId`; resume). The countdown runs on the server clock (./clock.ts); answers go through the bank's
 * answer outbox as they are given; at zero the page submits with the unsent answers (retrying while offline),
 * tells the learner and opens the report. The server closes the attempt on its own after the deadline: a save
 * that comes back closed ends the sitting the same way. Built on the bank's Player.
 * Opened on an exam (not on an attempt), the page asks before it STARTS a new attempt — this is the one place
 * every entry (exam entry, retake, mock list, my applications) passes through — saying which attempt it is and
 * plainly when it is the last or only one; "not now" goes back without using it.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useEffect, useMemo, useRef, useState } from 'react'
import Empty from '@/components/empty'
import PageLoading from '@/components/page-loading'
import { onSaveReply } from '@/features/bank/answer-queue'
import type { EditResult } from '@/features/bank/api'
import { commitDrafts } from '@/features/bank/components/question/drafts'
import { intParam } from '@/features/bank/components/question/guard'
import Player from '@/features/bank/components/question/player'
import { type SubmitResult, useExamSession } from '@/features/exam/session-store'
import { t } from '@/i18n/sub'
import { type ExamClock, remainingSeconds } from './clock'
import { disableLeaveGuard, enableLeaveGuard } from './leave-guard'
import { tx } from './messages'
import { ClosingVeil, CountdownBar, EXAMS_URL, ExamNavBar, goBack, MOCKS_URL, RefusalView } from './parts'
import {
  type ExamKindParam,
  examReportUrl,
  newAttemptNotice,
  type OpenedAttempt,
  openAttempt,
  refusalOf,
  resync,
  submitUntilDone,
  submitWithPending,
} from './session'
import { useCountdown } from './timer'

export default function ExamPage() {
  const { params } = useRouter()
  const examIdQ = intParam(params.examId)
  const recordIdQ = intParam(params.recordId)
  const kind: ExamKindParam = params.kind === 'mock' ? 'mock' : 'formal'
  const fallback = kind === 'mock' ? MOCKS_URL : EXAMS_URL

  // a start on an exam waits for the learner's yes (resuming an attempt by its id never asks)
  const [gate, setGate] = useState<'asking' | 'open'>(examIdQ && !recordIdQ ? 'asking' : 'open')
  const [opened, setOpened] = useState<OpenedAttempt | null>(null)
  const [clock, setClock] = useState<ExamClock | null>(null)
  const [closing, setClosing] = useState(false)
  const [retries, setRetries] = useState(0)
  const openedRef = useRef<OpenedAttempt | null>(null)
  const alive = useRef(true)
  /** the sitting is being ended (time up, closed by the server, or submitted by the learner) */
  const ending = useRef(false)
  const manual = useRef<Promise<SubmitResult> | null>(null)

  const load = useMemo(
    () => async () => {
      const o = await openAttempt({ examId: examIdQ, recordId: recordIdQ, kind })
      openedRef.current = o
      ending.current = o.attempt.submitted
      setOpened(o)
      setClock(o.clock)
      if (o.attempt.submitted) Taro.redirectTo({ url: examReportUrl(o.attempt.recordId, o.examId, kind) })
      return o.attempt
    },
    [examIdQ, recordIdQ, kind],
  )

  const reportOf = (recordId: number) => examReportUrl(recordId, openedRef.current?.examId ?? examIdQ ?? null, kind)

  /** The attempt is closed: say so, then the report. */
  const finish = async (recordId: number) => {
    disableLeaveGuard()
    await Taro.showModal({
      title: tx('exam.tip'),
      content: tx('exam.timeUp'),
      showCancel: false,
      confirmText: tx('exam.viewReport'),
    })
    if (alive.current) Taro.redirectTo({ url: reportOf(recordId) })
  }

  const onTimeUp = async () => {
    const o = openedRef.current
    if (!o || ending.current) return
    // a submit the learner started just now decides first
    if (manual.current && (await manual.current).ok) return
    if (ending.current) return
    // zero on this device: the server's clock has the last word (the device clock may have been moved on);
    // without an answer (offline) the attempt is closed as it stands
    if (o.examId) {
      const c = await resync(o.examId, o.attempt.recordId).catch(() => null)
      if (ending.current) return
      if (c && c !== 'closed' && remainingSeconds(c, Date.now()) > 1) {
        setClock(c)
        return
      }
    }
    ending.current = true
    // essay text typed but not saved yet goes with the submit
    commitDrafts()
    setClosing(true)
    const recordId = o.attempt.recordId
    await submitUntilDone(recordId, { alive: () => alive.current, onRetry: setRetries })
    if (alive.current) await finish(recordId)
  }

  /** A save came back "submitted, autoSubmitted": the server closed the attempt at its deadline. */
  const closedByServer = useRef<(recordId: number) => void>(() => undefined)
  closedByServer.current = (recordId: number) => {
    const o = openedRef.current
    if (!o || o.attempt.recordId !== recordId || ending.current) return
    ending.current = true
    setClosing(true)
    void finish(recordId)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, when the page opens
  useEffect(() => {
    if (gate !== 'asking' || !examIdQ) return
    let here = true
    ;(async () => {
      const notice = await newAttemptNotice(examIdQ)
      const yes =
        !notice ||
        !!(
          await Taro.showModal({
            title: notice.title,
            content: notice.content,
            confirmText: tx('exam.start.ok'),
            cancelText: tx('exam.start.later'),
          }).catch(() => null)
        )?.confirm
      if (!here) return
      if (yes) setGate('open')
      else goBack(fallback)
    })()
    return () => {
      here = false
    }
  }, [])

  useEffect(() => {
    alive.current = true
    const off = onSaveReply((recordId, reply) => {
      const r = reply as EditResult | undefined
      if (r?.submitted && r.autoSubmitted) closedByServer.current(recordId)
    })
    return () => {
      alive.current = false
      off()
      disableLeaveGuard()
    }
  }, [])

  const sitting = !!opened && !opened.attempt.submitted && !closing
  useEffect(() => {
    if (!sitting) return
    enableLeaveGuard(tx('exam.leave'))
    return () => disableLeaveGuard()
  }, [sitting])

  const left = useCountdown(opened && !opened.attempt.submitted ? clock : null, {
    onAlert: (s) =>
      Taro.showToast({ title: tx(s <= 60 ? 'exam.alert.1' : 'exam.alert.5'), icon: 'none', duration: 3000 }),
    onZero: () => void onTimeUp(),
  })

  // back in the foreground: the device may have slept (or its clock changed); read the server clock again
  const shown = useRef(false)
  useDidShow(() => {
    if (!shown.current) {
      shown.current = true
      return
    }
    const o = openedRef.current
    if (!o?.examId || ending.current || o.attempt.submitted) return
    resync(o.examId, o.attempt.recordId)
      .then((c) => {
        if (c === 'closed') closedByServer.current(o.attempt.recordId)
        else if (c) setClock(c)
      })
      .catch(() => undefined)
  })

  const submit = async (): Promise<SubmitResult> => {
    const o = openedRef.current
    if (!o) return { ok: false, reason: 'failed' }
    commitDrafts()
    const run = (async (): Promise<SubmitResult> => {
      try {
        const r = await submitWithPending(o.attempt.recordId, { silent: true })
        ending.current = true
        disableLeaveGuard()
        useExamSession.setState({ submitted: true, report: r.report })
        return { ok: true, report: r.report }
      } catch {
        return { ok: false, reason: 'failed' }
      }
    })()
    manual.current = run
    const res = await run
    manual.current = null
    return res
  }

  const confirmSubmit = async (unanswered: number) => {
    const r = await Taro.showModal({
      title: tx('exam.tip'),
      content: unanswered > 0 ? tx('exam.submit.unanswered', { n: unanswered }) : tx('exam.submit.all'),
      confirmText: tx('exam.submit.ok'),
      cancelText: tx('exam.submit.cancel'),
    })
    return !!r?.confirm
  }

  if (!examIdQ && !recordIdQ)
    return (
      <View className="page exam-page">
        <ExamNavBar title={tx('exam.title')} guard={false} fallback={fallback} />
        <Empty
          text={tx('exam.badLink')}
          actionText={t('nav.back')}
          onAction={() => Taro.redirectTo({ url: fallback })}
        />
      </View>
    )

  if (gate === 'asking')
    return (
      <View className={`exam-page exam-kind-${kind} exam-asking`}>
        <ExamNavBar title={tx('exam.title')} guard={false} fallback={fallback} />
        <PageLoading rows={4} />
      </View>
    )

  return (
    <View className={`exam-page exam-kind-${kind}`}>
      <Player
        load={load}
        fallbackTitle={tx('exam.title')}
        navBar={(title) => <ExamNavBar title={opened?.examName || title} guard={sitting} fallback={fallback} />}
        header={
          opened && !opened.attempt.submitted ? (
            <CountdownBar
              name={opened.examName}
              left={left}
              attemptNo={opened.attemptNo}
              maxAttempts={opened.maxAttempts}
            />
          ) : null
        }
        locked={closing}
        confirmSubmit={confirmSubmit}
        submit={submit}
        reportUrl={reportOf}
        renderError={(e, retry) => {
          const r = refusalOf(e)
          return r ? <RefusalView refusal={r} onRetry={retry} fallback={fallback} /> : null
        }}
      />
      {closing && <ClosingVeil retries={retries} />}
    </View>
  )
}
