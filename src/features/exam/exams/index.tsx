/**
 * Exam home (learner only): the next exam with one big action (continue / book / sign / start), the upcoming
 * ex-site booking, the exam services, my certificates and the formal exams (paged, pull down to refresh).
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useCallback, useEffect } from 'react'
import Icon from '@/components/icon'
import { CalendarClock, ChartColumn, RotateCcwClock, Timer } from '@/components/icon/glyphs'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { ListFooter, Section, StatusBox } from '@/features/bank/ui'
import {
  type Certificate,
  certificates,
  type ExamRow,
  exams,
  nextExam,
  recentExamAppointment,
} from '@/features/exam/api'
import { t } from '@/i18n/sub'
import { usePaged } from '@/lib/use-paged'
import { go } from './actions'
import { tx } from './messages'
import { BookingCard, CertificateItem, ExamItem, StatusTag, sessionText, windowText } from './parts'
import { examUrl, nextAction } from './rules'
import './exam.scss'

const ENTRIES = [
  { key: 'appointments', label: 'entry.appointments', glyph: CalendarClock, tone: 'indigo', url: examUrl.appointments },
  { key: 'records', label: 'entry.records', glyph: RotateCcwClock, tone: 'green', url: examUrl.records },
  { key: 'stats', label: 'entry.stats', glyph: ChartColumn, tone: 'orange', url: examUrl.stats },
  { key: 'mock', label: 'entry.mock', glyph: Timer, tone: 'purple', url: examUrl.mock },
] as const

export default function ExamHome() {
  const next = useLoader(() => nextExam(QUIET))
  const booking = useLoader(() => recentExamAppointment(QUIET))
  const fetchExams = useCallback(
    (pageNum: number, pageSize: number) => exams({ kind: 'formal', pageNum, pageSize }, QUIET),
    [],
  )
  const list = usePaged<ExamRow>(fetchExams, 10)
  const fetchCerts = useCallback((pageNum: number, pageSize: number) => certificates(pageNum, pageSize, QUIET), [])
  const certs = usePaged<Certificate>(fetchCerts, 5)

  const reloadAll = (quiet: boolean) =>
    Promise.all([next.reload(quiet), booking.reload(quiet), list.reload(quiet), certs.reload(quiet)])

  useDidShow(() => {
    if (requireLogin()) reloadAll(next.status === 'ready')
  })
  usePullDownRefresh(() => {
    reloadAll(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    list.loadMore()
  })
  // ?focus=certs (My account's certificates shortcut): scroll to the certificates once they are there
  const { params } = useRouter()
  useEffect(() => {
    if (params.focus === 'certs' && certs.status === 'ready')
      Taro.pageScrollTo({ selector: '.ex-certs-anchor', duration: 300 }).catch(() => undefined)
  }, [params.focus, certs.status])

  const n = next.data
  const action = n ? nextAction(n, Date.now() / 1000) : null
  const onAction = () => {
    if (!action || !n?.exam) return
    go(action.url)
  }

  return (
    <View className="qb-page ex-page ex-home" style={themeStyle}>
      <NavBar title={tx('home.title')} />

      <View className="ex-hero">
        <Text className="ex-hero-label">{tx('home.next')}</Text>
        <StatusBox
          status={next.status}
          empty={!n?.exam}
          emptyText={tx('home.noNext')}
          emptyHint={tx('home.noNextHint')}
          onRetry={() => next.reload()}
          rows={2}
        >
          {n?.exam && (
            <>
              <View className="ex-hero-main" onClick={() => go(examUrl.entry(n.exam!.examId))}>
                <View className="ex-item-head">
                  <Text className="ex-hero-name">{n.exam.name}</Text>
                  <StatusTag status={n.exam.status} />
                </View>
                <Text className="ex-hero-sub">{n.appointment ? sessionText(n.appointment) : windowText(n.exam)}</Text>
              </View>
              {action && (
                <Button className={`ex-btn ex-hero-action ex-action-${action.kind}`} onClick={onAction}>
                  {tx(`action.${action.kind}`)}
                </Button>
              )}
            </>
          )}
        </StatusBox>
      </View>

      {booking.status === 'ready' && booking.data && (
        <Section title={tx('home.booking')}>
          <BookingCard a={booking.data} onClick={() => go(examUrl.entry(booking.data!.examId))} />
        </Section>
      )}

      <View className="qb-section">
        <View className="qb-grid ex-entries">
          {ENTRIES.map((e) => (
            <View key={e.key} className={`qb-entry ex-entry-${e.key}`} onClick={() => go(e.url)}>
              <View className={`icon-tile tone-${e.tone} qb-entry-icon ex-entry-icon ex-entry-icon-${e.key}`}>
                <Icon glyph={e.glyph} />
              </View>
              <Text className="qb-entry-label">{tx(e.label)}</Text>
            </View>
          ))}
        </View>
      </View>

      <View className="ex-certs-anchor" />
      <Section title={tx('home.certs')}>
        {certs.status === 'ready' && certs.rows.length === 0 ? (
          <Text className="qb-muted ex-certs-empty">{tx('home.certsEmpty')}</Text>
        ) : (
          <StatusBox status={certs.status} empty={false} emptyText="" onRetry={() => certs.reload()} rows={1}>
            {certs.rows.map((c) => (
              <CertificateItem key={c.certificateId} c={c} onClick={() => go(examUrl.result(c.examId))} />
            ))}
            {(!certs.done || certs.more !== 'idle') && (
              <View className="ex-more ex-certs-more" onClick={() => certs.loadMore()}>
                <Text>
                  {certs.more === 'loading'
                    ? t('common.loading')
                    : certs.more === 'error'
                      ? tx('home.certsMoreFailed')
                      : tx('home.certsMore')}
                </Text>
              </View>
            )}
          </StatusBox>
        )}
      </Section>

      <Section title={tx('home.exams')}>
        <StatusBox
          status={list.status}
          empty={list.rows.length === 0}
          emptyText={tx('home.examsEmpty')}
          onRetry={() => list.reload()}
        >
          {list.rows.map((e) => (
            <ExamItem key={e.examId} e={e} onClick={() => go(examUrl.entry(e.examId))} />
          ))}
          <ListFooter more={list.more} done={list.done} onRetry={() => list.loadMore()} />
        </StatusBox>
      </Section>
    </View>
  )
}
