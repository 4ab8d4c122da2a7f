/**
 * My attempts of one mock exam (spec: pages5/mockRecord/mock_record_list?examId): time, score, pass, time
 * used; a submitted attempt opens its report, an unfinished one continues the sitting. Paged, pull-down.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import type { RecordSummary } from '@/features/bank/api'
import { go, numParam, QUIET, requireLogin } from '@/features/bank/lib'
import { ListFooter, StatusBox } from '@/features/bank/ui'
import { mockRecords } from '@/features/exam/api'
import { formatDuration } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import { tx } from '../../apply/mock-messages'
import { mockUrl, scoreText } from '../../apply/mock-parts'
import '../../apply/mock.scss'
import { dateTime } from '@/features/exam/ui'

function RecordRow({ r, onOpen }: { r: RecordSummary; onOpen: (r: RecordSummary) => void }) {
  const passed = r.reportStatus === 1
  // a sitting's time: start to submit, at most to its deadline (a late submit of an auto-submit adds nothing)
  const end = r.submitTime !== null && r.deadlineTime !== null ? Math.min(r.submitTime, r.deadlineTime) : r.submitTime
  const used = r.submitted && end ? Math.max(0, end - r.startTime) : null
  return (
    <View className={`mk-row mk-record mk-record-${r.recordId}`} onClick={() => onOpen(r)}>
      <View className="mk-row-main">
        <Text className="mk-row-title">{dateTime(r.submitTime ?? r.startTime)}</Text>
        <Text className="mk-muted">
          {used !== null ? tx('records.used', { time: formatDuration(used) }) : tx('records.open')}
          {r.autoSubmitted ? ` · ${tx('records.auto')}` : ''}
        </Text>
      </View>
      {r.submitted ? (
        <View className="mk-record-score">
          <Text className="mk-score">{tx('records.score', { s: scoreText(r.performance) })}</Text>
          {r.totalScore !== null && (
            <Text className="mk-muted">{tx('records.of', { total: scoreText(r.totalScore) })}</Text>
          )}
          <Text className={`mk-pass ${passed ? 'is-pass' : 'is-fail'}`}>
            {tx(passed ? 'records.pass' : 'records.fail')}
          </Text>
        </View>
      ) : (
        <Text className="mk-btn is-primary mk-continue">{tx('records.continue')}</Text>
      )}
      <View className="mk-arrow" />
    </View>
  )
}

export default function MockRecordList() {
  const { params } = useRouter()
  const examId = numParam((params as Record<string, string | undefined>).examId)
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => mockRecords({ examId, pageNum, pageSize }, QUIET),
    [examId],
  )
  const list = usePaged<RecordSummary>(fetchPage, 10)

  useDidShow(() => {
    if (examId && requireLogin()) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    const r = examId ? list.reload(true) : Promise.resolve()
    r.finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })

  const open = (r: RecordSummary) => {
    if (!examId) return
    go(r.submitted ? mockUrl.report(r.recordId, examId) : mockUrl.sit(examId))
  }

  if (!examId)
    return (
      <View className="page mk-page" style={themeStyle}>
        <NavBar title={tx('records.title')} />
        <Empty text={tx('records.empty')} />
      </View>
    )

  const title = list.rows[0]?.title
  return (
    <View className="page mk-page mk-records" style={themeStyle}>
      <NavBar title={tx('records.title')} />
      <StatusBox
        status={list.status}
        empty={list.rows.length === 0}
        emptyText={tx('records.empty')}
        onRetry={() => list.reload()}
      >
        <View className="mk-card">
          {!!title && <Text className="mk-card-title mk-records-title">{title}</Text>}
          {list.rows.map((r) => (
            <RecordRow key={r.recordId} r={r} onOpen={open} />
          ))}
        </View>
        <ListFooter more={list.more} done={list.done} onRetry={() => list.loadMore()} />
      </StatusBox>
    </View>
  )
}
