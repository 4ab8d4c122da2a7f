/**
 * The learner's exams (formal, with a tab for mock exams; query `kind=mock` opens that tab): name, status,
 * duration, attempts used of the maximum, best score, passed; an unfinished attempt continues on the exam page;
 * a tap opens the exam's entry page (mock: its application page). Paged, pull-down refresh. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { go, QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { type ExamRow, exams } from '@/features/exam/api'
import { formatDate, formatRange } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import { tx } from '../sit/messages'
import { type ExamKindParam, entryUrl, examPageUrl } from '../sit/session'
import '../sit/exam.scss'

const KINDS: ExamKindParam[] = ['formal', 'mock']

function ExamItem({ r }: { r: ExamRow }) {
  const max = r.maxAttempts === 0 ? tx('list.unlimited') : String(r.maxAttempts)
  return (
    <View className={`qb-row exam-item exam-item-${r.examId} status-${r.status}`}>
      <View className="qb-row-main" onClick={() => go(entryUrl(r))}>
        <View className="exam-row-head">
          <Text className="exam-row-title">{r.name}</Text>
          <Text className={`exam-tag exam-status${r.status === 'open' ? ' is-open' : ''}`}>
            {tx(`list.status.${r.status}`)}
          </Text>
          {r.passed && <Text className="exam-tag is-pass exam-passed">{tx('list.passed')}</Text>}
        </View>
        <Text className="qb-muted">
          {`${tx('list.duration', { n: Math.round(r.durationSeconds / 60) })} · ${tx('list.attempts', { used: r.attemptsUsed, max })}`}
        </Text>
        <Text className="qb-muted exam-best">
          {r.bestScore !== null ? tx('list.best', { n: r.bestScore }) : tx('list.noScore')}
        </Text>
        {r.openTime !== null && r.closeTime !== null && (
          <Text className="qb-muted">{tx('list.window', { time: formatRange(r.openTime, r.closeTime) })}</Text>
        )}
        {r.openTime !== null && r.closeTime === null && r.status === 'upcoming' && (
          <Text className="qb-muted">{tx('list.opensAt', { from: formatDate(r.openTime, { time: true }) })}</Text>
        )}
      </View>
      {r.openRecordId !== null && (
        <View className="qb-row-actions">
          <Text
            className="qb-btn is-primary exam-continue"
            onClick={() => go(examPageUrl({ recordId: r.openRecordId, examId: r.examId, kind: r.kind }))}
          >
            {tx('list.continue')}
          </Text>
        </View>
      )}
    </View>
  )
}

export default function ExamListPage() {
  const { params } = useRouter()
  const [kind, setKind] = useState<ExamKindParam>(params.kind === 'mock' ? 'mock' : 'formal')
  const kindRef = useRef(kind)
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => exams({ kind: kindRef.current, pageNum, pageSize }, QUIET),
    [],
  )
  const list = usePaged<ExamRow>(fetchPage, 10)

  useDidShow(() => {
    if (requireLogin()) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    list.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const pick = (k: ExamKindParam) => {
    if (k === kindRef.current) return
    kindRef.current = k
    setKind(k)
    list.reload()
  }

  return (
    <View className="page qb-page exam-page exam-list" style={themeStyle}>
      <NavBar title={tx('list.title')} />
      <View className="exam-tabs">
        {KINDS.map((k) => (
          <Text key={k} className={`exam-tab exam-tab-${k}${k === kind ? ' is-active' : ''}`} onClick={() => pick(k)}>
            {tx(`list.tab.${k}`)}
          </Text>
        ))}
      </View>
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={tx('list.empty')}
        emptyHint={tx('list.empty.hint')}
        onRetry={() => list.reload()}
      >
        <View className="qb-section">
          {list.rows.map((r) => (
            <ExamItem key={r.examId} r={r} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={list.loadMore} />
      </StatusBox>
    </View>
  )
}
