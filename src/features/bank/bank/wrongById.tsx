import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { enqueue, REVIEW, startAnswerSync } from '@/features/bank/answer-queue'
import {
  answeredAtNow,
  type Ques,
  reviewWrong,
  type WrongQuestion,
  wrongChapterQuestions,
  wrongTypeQuestions,
} from '@/features/bank/api'
import { intParam, type LoadError, loadError, requireLogin } from '@/features/bank/components/question/guard'
import { LoadFailed } from '@/features/bank/components/question/player'
import QuestionCard from '@/features/bank/components/question/question-card'
import { type Feedback, gradeLocally } from '@/features/exam/session-store'
import { t } from '@/i18n/sub'
import '@/features/bank/components/question/index.scss'

/**
 * Review the wrong book's due questions. Query: `bankId`, and `type` (1-5) or `chapterId`; `all=1` reviews
 * every question of the group, not only those due. Each answer goes to the wrong book's review call, which
 * grades it and moves the FSRS schedule (right -> Good, wrong -> Again).
 */
export default function WrongByIdPage() {
  const { params } = useRouter()
  const bankId = intParam(params.bankId)
  const type = intParam(params.type)
  const chapterId = intParam(params.chapterId)
  const [all, setAll] = useState(params.all === '1')
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [error, setError] = useState<LoadError>('failed')
  const [list, setList] = useState<WrongQuestion[]>([])
  const [index, setIndex] = useState(0)
  const [answers, setAnswers] = useState<Record<number, Ques>>({})
  const [feedback, setFeedback] = useState<Record<number, Feedback>>({})
  const [left, setLeft] = useState<Record<number, boolean>>({})

  const load = useCallback(async () => {
    if (!requireLogin()) return
    setStatus('loading')
    try {
      const rows =
        type && type <= 5
          ? await wrongTypeQuestions(type, bankId, { noLoading: true })
          : await wrongChapterQuestions(
              { ...(bankId ? { bankId } : {}), ...(chapterId ? { chapterId } : {}) },
              { noLoading: true },
            )
      setList(all ? rows : rows.filter((r) => r.wrong.dueToday))
      setIndex(0)
      setStatus('ready')
    } catch (e) {
      setError(loadError(e))
      setStatus('error')
    }
  }, [bankId, type, chapterId, all])

  useEffect(() => {
    load()
  }, [load])

  useEffect(() => startAnswerSync(), [])

  const q = list[index]
  const onAnswer = async (ques: Ques) => {
    if (!q) return
    setAnswers((a) => ({ ...a, [q.questionId]: ques }))
    const local = gradeLocally(q, ques)
    const answeredAt = answeredAtNow()
    try {
      const r = await reviewWrong(q.questionId, ques, answeredAt, { noLoading: true, silent: true })
      const state = r.state && r.state !== 'unanswered' ? r.state : local?.state
      if (state) setFeedback((f) => ({ ...f, [q.questionId]: { state, earned: local?.earned ?? 0 } }))
      setLeft((l) => ({ ...l, [q.questionId]: !r.inBook }))
      // the book's row after this review (times wrong, due): what the bar shows from now on
      const after = r.wrong
      if (after) setList((rows) => rows.map((x) => (x.questionId === after.questionId ? { ...x, wrong: after } : x)))
    } catch (e) {
      if (local) setFeedback((f) => ({ ...f, [q.questionId]: local }))
      const code = (e as { code?: unknown } | null)?.code
      if (typeof code === 'number' && code >= 0 && code < 500) {
        Taro.showToast({ title: (e as { msg?: string }).msg || t('bank.wrong.notSaved'), icon: 'none' })
        return
      }
      // offline or a server hiccup: the review waits on the device and is sent when the network returns
      enqueue({ recordId: REVIEW, questionId: q.questionId, ques, answeredAt })
      Taro.showToast({ title: t('bank.wrong.queued'), icon: 'none' })
    }
  }

  return (
    <View className="page bank-page bank-player bank-wrong" style={themeStyle}>
      <NavBar title={t('bank.wrong.title')} />
      {status === 'loading' && <PageLoading rows={3} />}
      {status === 'error' && <LoadFailed kind={error} onRetry={load} />}
      {status === 'ready' && !q && (
        <Empty
          text={all ? t('bank.wrong.empty') : t('bank.wrong.noneDue')}
          actionText={all ? undefined : t('bank.wrong.reviewAll')}
          onAction={all ? undefined : () => setAll(true)}
        />
      )}
      {status === 'ready' && q && (
        <>
          <View className="player-bar">
            <Text className="player-progress">{t('bank.wrong.progress', { n: index + 1, total: list.length })}</Text>
            {/* times the learner answered it wrong (the server's wrongTimes; FSRS lapses count only failures after a
                card graduated, so they said 错过 0 次 for a question just answered wrong) */}
            <Text className="player-mode is-active wrong-times">
              {q.wrong.wrongTimes > 0 ? t('bank.wrong.lapses', { n: q.wrong.wrongTimes }) : t('bankList.wrong.manual')}
            </Text>
          </View>
          <View className="player-body">
            <QuestionCard
              question={q}
              index={index}
              total={list.length}
              ques={answers[q.questionId]}
              feedback={feedback[q.questionId]}
              reveal={!!feedback[q.questionId]}
              readOnly={!!feedback[q.questionId]}
              confirm
              onAnswer={onAnswer}
            />
            {left[q.questionId] && <Text className="wrong-left">{t('bank.wrong.left')}</Text>}
          </View>
          <View className="player-foot">
            <View
              className={`player-btn q-prev${index === 0 ? ' is-disabled' : ''}`}
              onClick={() => index > 0 && setIndex(index - 1)}
            >
              <Text>{t('bank.prev')}</Text>
            </View>
            {index < list.length - 1 ? (
              <View className="player-btn is-primary q-next" onClick={() => setIndex(index + 1)}>
                <Text>{t('bank.next')}</Text>
              </View>
            ) : (
              <View className="player-btn is-primary q-done" onClick={() => Taro.navigateBack()}>
                <Text>{t('bank.wrong.done')}</Text>
              </View>
            )}
          </View>
        </>
      )}
    </View>
  )
}
