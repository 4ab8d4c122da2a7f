/**
 * Study hours (spec: pages2/learn/my_learn): per goods the hours the server credited against the total,
 * today's minutes, finished sections and the abnormal reports (not credited); a tap on the abnormal count
 * lists them (paged) with each kind in plain words. Hours come only from the server (DECISIONS "Learning").
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, ratio, requireLogin, useLoader } from '@/features/bank/lib'
import { Bar, StatusBox } from '@/features/bank/ui'
import { ABNORMAL_KINDS, type AbnormalRow, abnormalRecords, type GoodsHours, hoursByGoods } from '@/features/learn/api'
import { type MessageKey, t } from '@/i18n/sub'
import { formatClock, formatDate, formatDuration } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import '@/features/learn/verify/verify.scss'

/** credited hours in words, never rounded away: 40 s reads 40秒 (issue 12: it read 0:00) */
export const hm = formatDuration

/** a position in a video: m:ss, or h:mm:ss past an hour */
export const clock = formatClock

/** The plain-words explanation of an abnormal kind. */
export function kindText(kind: string): string {
  return (ABNORMAL_KINDS as readonly string[]).includes(kind)
    ? t(`myLearn.kind.${kind}` as MessageKey)
    : t('myLearn.kind.unknown', { kind })
}

function AbnormalList({ goodsId }: { goodsId: number }) {
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => abnormalRecords({ goodsId, pageNum, pageSize }, QUIET),
    [goodsId],
  )
  const list = usePaged<AbnormalRow>(fetchPage, 10)
  const { reload } = list
  useEffect(() => {
    reload()
  }, [reload])

  if (list.status === 'loading') return <Text className="qb-list-footer">{t('common.loading')}</Text>
  if (list.status === 'error')
    return (
      <View className="qb-list-footer hours-abnormal-retry" onClick={() => reload()}>
        {t('shell.loadFailed')} · {t('common.retry')}
      </View>
    )
  return (
    <View className="hours-abnormal-list">
      {list.rows.length === 0 && <Text className="qb-muted">{t('myLearn.abnormal.empty')}</Text>}
      {list.rows.map((r) => (
        <View key={r.id} className={`hours-record hours-record-${r.kind}`}>
          <Text className="hours-record-kind">{kindText(r.kind)}</Text>
          <Text className="qb-muted">
            {r.sectionName} · {t('myLearn.abnormal.range', { from: clock(r.startPosition), to: clock(r.endPosition) })}
          </Text>
          <Text className="qb-muted">{formatDate(r.createTime, { time: true })}</Text>
        </View>
      ))}
      {!list.done && (
        <View className="qb-list-footer hours-more" onClick={() => list.loadMore()}>
          {list.more === 'loading'
            ? t('common.loading')
            : list.more === 'error'
              ? t('bankList.loadMoreFailed')
              : t('myLearn.loadMore')}
        </View>
      )}
    </View>
  )
}

function GoodsCard({ g, open, onToggle }: { g: GoodsHours; open: boolean; onToggle: () => void }) {
  return (
    <View className={`qb-section hours-card hours-goods-${g.goodsId}`}>
      <Text className="qb-section-title">{g.goodsName}</Text>
      <View className="hours-figures">
        <Text className="hours-credited">{hm(g.creditedSeconds)}</Text>
        <Text className="qb-muted hours-total">
          / {hm(g.totalSeconds)} {t('myLearn.total')}
        </Text>
      </View>
      <Bar value={ratio(g.creditedSeconds, g.totalSeconds)} />
      <View className="hours-line">
        <Text className="hours-today">{t('myLearn.today', { time: formatDuration(g.todaySeconds) })}</Text>
        <Text className="hours-sections">
          {t('myLearn.sections', { done: g.finishedSectionNum, total: g.sectionNum })}
        </Text>
      </View>
      {g.abnormalNum > 0 ? (
        <Text className="hours-abnormal" onClick={onToggle}>
          {open ? t('myLearn.abnormal.hide') : t('myLearn.abnormal', { n: g.abnormalNum })}
        </Text>
      ) : (
        <Text className="hours-abnormal is-none">{t('myLearn.abnormal.none')}</Text>
      )}
      {open && <AbnormalList goodsId={g.goodsId} />}
    </View>
  )
}

export default function MyLearn() {
  const hours = useLoader(() => hoursByGoods(QUIET))
  const [open, setOpen] = useState<number | null>(null)
  // a new key remounts the open abnormal list, so a pull-down refresh reloads it too
  const [round, setRound] = useState(0)
  useDidShow(() => {
    if (requireLogin()) hours.reload(hours.status === 'ready')
  })
  usePullDownRefresh(() => {
    setRound((r) => r + 1)
    hours.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const rows = hours.data ?? []
  return (
    <View className="page qb-page hours-page" style={themeStyle}>
      <NavBar title={t('myLearn.title')} />
      <StatusBox
        status={hours.status}
        empty={rows.length === 0}
        emptyText={t('myLearn.empty')}
        emptyHint={t('myLearn.emptyHint')}
        emptyAction={t('myLearn.toLearn')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/learn/index' })}
        onRetry={() => hours.reload()}
      >
        <Text className="verify-note hours-note">{t('myLearn.note')}</Text>
        {rows.map((g) => (
          <GoodsCard
            key={`${g.goodsId}-${round}`}
            g={g}
            open={open === g.goodsId}
            onToggle={() => setOpen((o) => (o === g.goodsId ? null : g.goodsId))}
          />
        ))}
      </StatusBox>
    </View>
  )
}
