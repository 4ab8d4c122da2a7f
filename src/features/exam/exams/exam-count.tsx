/**
 * Exam statistics: how many exams the learner has, attempts, exams passed, pass rate, certificates, and the
 * best score of each exam (formal and mock) as a bar with its pass line, built from the exam list and the
 * certificate list. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { ScoreBar } from '@/components/chart'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { certificates, type ExamRow, exams } from '@/features/exam/api'
import { tx } from '../sit/messages'
import { EXAMS_URL } from '../sit/parts'
import { type ExamKindParam, entryUrl } from '../sit/session'
import '../sit/exam.scss'

const PAGE = 100
/** at most this many pages of exams per kind are read (PAGE x MAX_PAGES exams) */
const MAX_PAGES = 5

interface KindStats {
  rows: ExamRow[]
  total: number
  attempts: number
  passed: number
  taken: number
}

async function kindStats(kind: ExamKindParam): Promise<KindStats> {
  const first = await exams({ kind, pageNum: 1, pageSize: PAGE }, QUIET)
  let rows = first.rows
  for (let p = 2; rows.length < first.total && p <= MAX_PAGES; p++) {
    const next = await exams({ kind, pageNum: p, pageSize: PAGE }, QUIET)
    if (next.rows.length === 0) break
    rows = rows.concat(next.rows)
  }
  return {
    rows,
    total: first.total,
    attempts: rows.reduce((n, r) => n + r.attemptsUsed, 0),
    passed: rows.filter((r) => r.passed).length,
    taken: rows.filter((r) => r.bestScore !== null).length,
  }
}

const rate = (passed: number, taken: number) => (taken > 0 ? `${Math.round((passed / taken) * 100)}%` : '-')

function Numbers({ items }: { items: { label: string; value: string | number; cls: string }[] }) {
  return (
    <View className="qb-numbers">
      {items.map((i) => (
        <View key={i.cls} className={`qb-number ${i.cls}`}>
          <Text className="qb-number-value">{i.value}</Text>
          <Text className="qb-muted">{i.label}</Text>
        </View>
      ))}
    </View>
  )
}

function KindSection({ title, stats, kind }: { title: string; stats: KindStats; kind: ExamKindParam }) {
  if (stats.total === 0) return null
  const rows = [...stats.rows].sort((a, b) => Number(b.bestScore !== null) - Number(a.bestScore !== null))
  return (
    <View className={`qb-section exam-count-${kind}`}>
      <View className="qb-section-head">
        <Text className="qb-section-title">{title}</Text>
        <Text className="qb-muted">{`${tx('count.passRate')} ${rate(stats.passed, stats.taken)}`}</Text>
      </View>
      <Numbers
        items={[
          { label: tx('count.exams'), value: stats.total, cls: `${kind}-exams` },
          { label: tx('count.attempts'), value: stats.attempts, cls: `${kind}-attempts` },
          { label: tx('count.passed'), value: stats.passed, cls: `${kind}-passed` },
        ]}
      />
      {rows.map((r) => (
        <View key={r.examId} className={`exam-row exam-best-${r.examId}`} onClick={() => go(entryUrl(r))}>
          <View className="exam-attempt-name">
            <Text>{r.name}</Text>
            <Text className="qb-muted">{` · ${tx('list.attempts', { used: r.attemptsUsed, max: r.maxAttempts === 0 ? tx('list.unlimited') : r.maxAttempts })}`}</Text>
            {r.bestScore !== null && (
              <ScoreBar score={r.bestScore} total={r.totalScore} pass={r.passScore} passed={r.passed} />
            )}
          </View>
          <Text className="exam-best-score">
            {r.bestScore !== null ? tx('count.best', { best: r.bestScore, total: r.totalScore }) : tx('count.notTaken')}
          </Text>
          {r.passed && <Text className="exam-tag is-pass">{tx('list.passed')}</Text>}
        </View>
      ))}
      {stats.total > rows.length && (
        <Text className="qb-muted">{tx('count.more', { n: stats.total - rows.length })}</Text>
      )}
    </View>
  )
}

export default function ExamCountPage() {
  const data = useLoader(async () => {
    const [formal, mock, certs] = await Promise.all([kindStats('formal'), kindStats('mock'), certificates(1, 1, QUIET)])
    return { formal, mock, certificates: certs.total }
  })
  useDidShow(() => {
    if (requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const d = data.data
  const passed = d ? d.formal.passed + d.mock.passed : 0
  return (
    <View className="page qb-page exam-page exam-count" style={themeStyle}>
      <NavBar title={tx('count.title')} />
      <StatusBox
        status={data.status}
        empty={!d || d.formal.total + d.mock.total === 0}
        emptyText={tx('count.empty')}
        emptyAction={tx('count.toExams')}
        onEmptyAction={() => go(EXAMS_URL)}
        onRetry={() => data.reload()}
      >
        {d && (
          <>
            <View className="qb-section exam-count-summary">
              <Numbers
                items={[
                  { label: tx('count.exams'), value: d.formal.total + d.mock.total, cls: 'sum-exams' },
                  { label: tx('count.attempts'), value: d.formal.attempts + d.mock.attempts, cls: 'sum-attempts' },
                  { label: tx('count.passed'), value: passed, cls: 'sum-passed' },
                  { label: tx('count.certificates'), value: d.certificates, cls: 'sum-certificates' },
                ]}
              />
            </View>
            <KindSection title={tx('count.formal')} stats={d.formal} kind="formal" />
            <KindSection title={tx('count.mock')} stats={d.mock} kind="mock" />
          </>
        )}
      </StatusBox>
    </View>
  )
}
