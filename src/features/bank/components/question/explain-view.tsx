import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { type Ques, type Question, questionsByIds, record, type SavedAnswer } from '@/features/bank/api'
import type { Feedback } from '@/features/exam/session-store'
import { t } from '@/i18n/sub'
import { type LoadError, loadError, requireLogin } from './guard'
import { LoadFailed } from './player'
import QuestionCard from './question-card'
import './index.scss'

export type ExplainFilter = 'all' | 'wrong' | 'one'

export interface ExplainViewProps {
  recordId?: number
  filter: ExplainFilter
  /** filter 'one': the question to show */
  questionId?: number
}

interface Row {
  q: Question
  ques: Ques | undefined
  feedback: Feedback | null
  /** position in the attempt */
  n: number
}

function feedbackOf(a: SavedAnswer | undefined): Feedback | null {
  return a?.state && a.state !== 'unanswered' ? { state: a.state, earned: a.earned ?? 0 } : null
}

/** Explanations of an attempt (all, wrong / partial only, or one question) with the learner's answers. */
export default function ExplainView({ recordId, filter, questionId }: ExplainViewProps) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [error, setError] = useState<LoadError>('failed')
  const [rows, setRows] = useState<Row[]>([])
  const [total, setTotal] = useState(0)

  const load = useCallback(async () => {
    if (!requireLogin()) return
    setStatus('loading')
    try {
      let list: Row[] = []
      if (recordId) {
        const d = await record(recordId, { noLoading: true })
        const byId = new Map(d.answers.map((a) => [a.questionId, a]))
        const wrongIds = new Set(d.report?.questionIds ?? [])
        list = d.questions.map((q, n) => ({
          q,
          ques: byId.get(q.questionId)?.ques ?? undefined,
          feedback: feedbackOf(byId.get(q.questionId)),
          n,
        }))
        setTotal(d.questions.length)
        if (filter === 'wrong')
          list = list.filter(
            (r) => wrongIds.has(r.q.questionId) || r.feedback?.state === 'wrong' || r.feedback?.state === 'partial',
          )
        if (filter === 'one') list = list.filter((r) => r.q.questionId === questionId)
      } else if (questionId) {
        const qs = await questionsByIds([questionId], { noLoading: true })
        list = qs.map((q, n) => ({ q, ques: undefined, feedback: null, n }))
        setTotal(qs.length)
      }
      setRows(list)
      setStatus('ready')
    } catch (e) {
      setError(loadError(e))
      setStatus('error')
    }
  }, [recordId, filter, questionId])

  useEffect(() => {
    load()
  }, [load])

  const title =
    filter === 'wrong'
      ? t('bank.explain.wrongTitle')
      : filter === 'one'
        ? t('bank.explain.oneTitle')
        : t('bank.explain.allTitle')
  return (
    <View className={`page bank-page bank-explain explain-${filter}`} style={themeStyle}>
      <NavBar title={title} />
      {status === 'loading' && <PageLoading rows={3} />}
      {status === 'error' && <LoadFailed kind={error} onRetry={load} />}
      {status === 'ready' && rows.length === 0 && (
        <Empty text={filter === 'wrong' ? t('bank.explain.noWrong') : t('bank.empty')} />
      )}
      {status === 'ready' &&
        rows.map((r) => (
          <View key={r.q.questionId} className={`explain-item explain-item-${r.q.questionId}`}>
            <QuestionCard
              question={r.q}
              index={r.n}
              total={total}
              ques={r.ques}
              feedback={r.feedback}
              reveal
              readOnly
              tools
            />
            {r.ques === undefined && !!recordId && (
              <Text className="explain-unanswered">{t('bank.explain.unanswered')}</Text>
            )}
            {filter !== 'one' && !!recordId && (
              <Text
                className="player-link explain-detail"
                onClick={() =>
                  Taro.navigateTo({
                    url: `/pages2/bank/questionBankExplainDetail?recordId=${recordId}&questionId=${r.q.questionId}`,
                  })
                }
              >
                {t('bank.explain.detail')}
              </Text>
            )}
          </View>
        ))}
    </View>
  )
}
