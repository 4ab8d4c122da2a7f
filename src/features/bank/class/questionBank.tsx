/**
 * Special practice (spec: pages2/class/questionBank): a bank's questions by type and difficulty
 * (course/special/question/count for the chips, course/special/question/list for the paged preview list);
 * 'practise' starts the engine's player with scope special and the chosen filters; 'reports' lists the
 * special attempts (class/question_report). Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type Question, specialCount, specialQuestions } from '@/features/bank/api'
import {
  bankUrl,
  difficultyKey,
  go,
  plain,
  QUIET,
  requireLogin,
  typeKey,
  useBankParams,
  useLoader,
} from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'
import { isLoggedIn } from '@/store/session'

export default function SpecialPractice() {
  const { bankId } = useBankParams()
  const [type, setType] = useState<number | undefined>()
  const [difficulty, setDifficulty] = useState<number | undefined>()
  const counts = useLoader(() => (bankId ? specialCount(bankId, QUIET) : Promise.resolve(null)))
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      bankId
        ? specialQuestions(
            { bankId, ...(type ? { type } : {}), ...(difficulty ? { difficulty } : {}), pageNum, pageSize },
            QUIET,
          )
        : Promise.resolve({ rows: [] as Question[], total: 0 }),
    [bankId, type, difficulty],
  )
  const list = usePaged<Question>(fetchPage, 10)
  const { reload } = list
  // biome-ignore lint/correctness/useExhaustiveDependencies: a filter change restarts from page 1
  useEffect(() => {
    if (isLoggedIn()) reload()
  }, [fetchPage, reload])

  useDidShow(() => {
    if (requireLogin()) counts.reload(counts.status === 'ready')
  })
  usePullDownRefresh(() => {
    Promise.all([counts.reload(true), list.reload(true)]).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const extra = `${type ? `&type=${type}` : ''}${difficulty ? `&difficulty=${difficulty}` : ''}`
  const c = counts.data
  return (
    <View className="page qb-page qb-special" style={themeStyle}>
      <NavBar title={t('bankList.special.title')} />
      <View className="qb-chips special-types">
        <Text className={`qb-chip special-type-all${type ? '' : ' is-active'}`} onClick={() => setType(undefined)}>
          {t('bankList.all')}
        </Text>
        {(c?.byType ?? []).map((x) => (
          <Text
            key={x.type}
            className={`qb-chip special-type-${x.type}${type === x.type ? ' is-active' : ''}`}
            onClick={() => setType(x.type)}
          >
            {t(typeKey(x.type))} {x.num}
          </Text>
        ))}
      </View>
      <View className="qb-chips special-difficulties">
        <Text
          className={`qb-chip special-difficulty-all${difficulty ? '' : ' is-active'}`}
          onClick={() => setDifficulty(undefined)}
        >
          {t('bankList.all')}
        </Text>
        {(c?.byDifficulty ?? []).map((x) => (
          <Text
            key={x.difficulty}
            className={`qb-chip special-difficulty-${x.difficulty}${difficulty === x.difficulty ? ' is-active' : ''}`}
            onClick={() => setDifficulty(x.difficulty)}
          >
            {t(difficultyKey(x.difficulty))} {x.num}
          </Text>
        ))}
      </View>
      <View className="qb-section qb-section-head">
        <Text className="qb-muted">{t('bankList.special.count', { n: list.total })}</Text>
        <View className="qb-row-actions">
          <Text
            className="qb-btn special-reports"
            onClick={() => bankId && go(`/pages2/class/question_report?bankId=${bankId}`)}
          >
            {t('bankList.special.reports')}
          </Text>
          {list.total > 0 && (
            <Text
              className="qb-btn is-primary special-start"
              onClick={() => bankId && go(bankUrl.practise(bankId, 'special', extra))}
            >
              {t('bankList.special.start')}
            </Text>
          )}
        </View>
      </View>
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={t('bankList.special.empty')}
        onRetry={() => list.reload()}
      >
        <View className="qb-section">
          {list.rows.map((q) => (
            <View
              key={q.questionId}
              className={`qb-row special-item special-item-${q.questionId}`}
              onClick={() => go(bankUrl.preview({ questionId: q.questionId }))}
            >
              <View className="qb-row-main">
                <Text className="qb-row-title">{plain(q.title)}</Text>
                <Text className="qb-muted">
                  {t(typeKey(q.type))} · {t(difficultyKey(q.difficulty))}
                </Text>
              </View>
            </View>
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
