/**
 * The study ranking (spec "Profile … ranking list"; docs/DECISIONS.md "Ranking"): the tenant's learners by study
 * time, questions done or right rate over the last 7 / 30 days or all time, names masked to their first character,
 * my standing pinned above the board (rank 0: not on it, with why). The top 50; pull-down refresh.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useLoad, usePullDownRefresh } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { requireLogin } from '@/features/bank/lib'
import {
  type RankBy,
  type RankPeriod,
  type StudyRanking,
  type StudyRankingRow,
  studyRanking,
} from '@/features/ranking/api'
import { tx } from './messages'
import './index.scss'

/** The server's minimum of graded answers for a right rate (server/src/modules/ranking RATE_MIN_ANSWERS). */
const RATE_MIN_ANSWERS = 20
const MEASURES: RankBy[] = ['hours', 'questions', 'rate']
const PERIODS: RankPeriod[] = ['week', 'month', 'all']

function formatStudy(seconds: number): string {
  // some time, but under a minute (a few minutes of a live class this week): not "0 分钟" beside a rank
  if (seconds > 0 && seconds < 60) return tx('underMinute')
  if (seconds < 3600) return tx('minutesValue', { m: Math.floor(seconds / 60) })
  return tx('hoursValue', { h: (Math.floor(seconds / 360) / 10).toFixed(1) })
}

/** `score` is the value of the board's measure (hours: seconds studied, questions: done, rate: percent right). */
function measureText(row: StudyRankingRow, by: RankBy): string {
  if (by === 'hours') return formatStudy(row.score)
  if (by === 'questions') return tx('questionsValue', { n: row.score })
  return tx('rateValue', { r: row.score })
}

const detailText = (row: StudyRankingRow) =>
  tx('detail', {
    hours: formatStudy(row.studySeconds ?? 0),
    questions: row.questionNum ?? 0,
    rate: `${row.rightRate ?? 0}%`,
  })

function Avatar({ row }: { row: StudyRankingRow }) {
  return row.avatar ? (
    <Image className="rk-avatar" src={imageUrl(row.avatar)} mode="aspectFill" nativeProps={{ alt: '' }} />
  ) : (
    <View className="rk-avatar rk-avatar-initial">
      <Text>{row.userName.slice(0, 1)}</Text>
    </View>
  )
}

export default function Ranking() {
  const [loggedIn, setLoggedIn] = useState(false)
  useLoad(() => setLoggedIn(requireLogin()))
  const [by, setBy] = useState<RankBy>('hours')
  const [period, setPeriod] = useState<RankPeriod>('week')
  const [data, setData] = useState<StudyRanking | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const seq = useRef(0)

  const load = async (b = by, p = period, quietly = false) => {
    const mine = ++seq.current
    if (!quietly) setStatus('loading')
    try {
      const r = await studyRanking(b, p, { noLoading: true, silent: true })
      if (mine !== seq.current) return
      setData(r)
      setStatus('ready')
    } catch {
      if (mine === seq.current) setStatus((s) => (quietly && s === 'ready' ? s : 'error'))
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads when the tab or the period changes
  useEffect(() => {
    if (loggedIn) load(by, period)
  }, [loggedIn, by, period])

  usePullDownRefresh(() => {
    load(by, period, true).finally(() => Taro.stopPullDownRefresh())
  })

  const mine = data?.mine ?? null
  const unrankedWhy =
    by === 'rate'
      ? tx('unrankedRate', { min: RATE_MIN_ANSWERS })
      : by === 'hours'
        ? tx('unrankedHours')
        : tx('unrankedQuestions')

  return (
    <View className="page ranking-page" style={themeStyle}>
      <NavBar title={tx('title')} />
      <View className="rk-tabs" role="tablist">
        {MEASURES.map((m) => (
          <View
            key={m}
            className={`rk-tab rk-tab-${m}${m === by ? ' is-active' : ''}`}
            role="tab"
            aria-selected={m === by}
            onClick={() => setBy(m)}
          >
            <Text>{tx(m)}</Text>
          </View>
        ))}
      </View>
      <View className="rk-periods">
        {PERIODS.map((p) => (
          <View
            key={p}
            className={`rk-period rk-period-${p}${p === period ? ' is-active' : ''}`}
            onClick={() => setPeriod(p)}
          >
            <Text>{tx(p)}</Text>
          </View>
        ))}
      </View>

      {status === 'loading' && <PageLoading rows={5} />}
      {status === 'error' && <Empty text={tx('loadFailed')} actionText={tx('retry')} onAction={() => load()} />}
      {status === 'ready' && data && (
        <View className="rk-body">
          {mine && (
            <View className="rk-mine card">
              <Text className="rk-mine-label">{tx('mine')}</Text>
              <View className="rk-mine-main">
                <Avatar row={mine} />
                <View className="rk-mine-text">
                  <Text className="rk-mine-rank">
                    {mine.rank > 0 ? tx('rank', { rank: mine.rank }) : tx('unranked')}
                  </Text>
                  <Text className="rk-mine-detail">{mine.rank > 0 ? detailText(mine) : unrankedWhy}</Text>
                </View>
                <Text className="rk-value rk-mine-value">{measureText(mine, by)}</Text>
              </View>
            </View>
          )}
          {data.rows.length === 0 ? (
            <Empty text={tx('empty')} hint={tx('emptyHint')} />
          ) : (
            <View className="rk-board card">
              {data.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the board carries no ids (names are masked); it is replaced whole
                <View key={`${r.rank}-${i}`} className={`rk-row${r.me ? ' is-me' : ''}`}>
                  <Text className={`rk-rank rk-rank-${r.rank <= 3 ? r.rank : 'n'}`}>{r.rank}</Text>
                  <Avatar row={r} />
                  <View className="rk-row-text">
                    <Text className="rk-name">{r.userName}</Text>
                    <Text className="rk-detail">{detailText(r)}</Text>
                  </View>
                  <Text className="rk-value">{measureText(r, by)}</Text>
                </View>
              ))}
              <Text className="rk-foot">
                {tx('of', { total: data.total })} · {tx('masked')}
              </Text>
            </View>
          )}
        </View>
      )}
    </View>
  )
}
