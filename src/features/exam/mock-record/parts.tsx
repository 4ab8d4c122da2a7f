/** Rows of the mock-exam home (page files export only their page on weapp): a mock, an application, a score group. */
import { Text, View } from '@tarojs/components'
import { MOCK_SUBSCRIBE_STATUS, type MockGroup, type MockRow, type MockSubscribe } from '@/features/exam/api'
import { dateTime } from '@/features/exam/ui'
import { tx } from '../../apply/mock-messages'
import { attemptsUsedUp, liveOf, mockAction, scoreText, subscriptionAction, windowText } from '../../apply/mock-parts'

const LIVE_KEY = {
  scheduled: 'mock.live.scheduled',
  living: 'mock.live.living',
  ended: 'mock.live.ended',
} as const

export function LiveTag({ live }: { live: MockRow['live'] }) {
  return <Text className={`mk-live mk-live-${live}`}>{tx(LIVE_KEY[live])}</Text>
}

export type MockActionKind = 'apply' | 'enter' | 'continue' | 'results' | 'cancel' | 'room'

/** The mock's live room (its explanation class): its current or next session, else the room's latest. */
export function mockRoomUrl(m: Pick<MockRow, 'channelId' | 'liveSessionId'>): string {
  return `/pages3/live/detail?channelId=${m.channelId}${m.liveSessionId ? `&sessionId=${m.liveSessionId}` : ''}`
}

/** A mock exam: what it is, its windows, the learner's state and the one thing they can do now. */
export function MockCard({
  m,
  schedule = false,
  onAction,
}: {
  m: MockRow
  /** the schedule view (模考直播): start and end first */
  schedule?: boolean
  onAction: (kind: MockActionKind, m: MockRow) => void
}) {
  const action = mockAction(m)
  const subline = [m.businessName, m.subjectName].filter(Boolean).join(' / ')
  return (
    <View className={`mk-card mk-mock mk-mock-${m.examId} is-${m.live}`}>
      <View className="mk-card-head">
        <Text className="mk-card-title">{m.name}</Text>
        <LiveTag live={m.live} />
      </View>
      {!!subline && <Text className="mk-muted">{subline}</Text>}
      <Text className="mk-muted">
        {tx('mock.meta', {
          n: m.questionNum,
          total: scoreText(m.totalScore),
          m: Math.round(m.durationSeconds / 60),
        })}
      </Text>
      {schedule ? (
        <>
          <Text className="mk-line mk-starts">
            {tx('mock.live.starts', { time: m.openTime ? dateTime(m.openTime) : tx('mock.anyTime') })}
          </Text>
          <Text className="mk-line mk-ends">
            {tx('mock.live.ends', { time: m.closeTime ? dateTime(m.closeTime) : tx('mock.anyTime') })}
          </Text>
        </>
      ) : (
        <>
          <Text className="mk-line mk-window">{tx('mock.window', { time: windowText(m.openTime, m.closeTime) })}</Text>
          <Text className="mk-line mk-apply-window">
            {tx('mock.applyWindow', { time: windowText(m.applyOpenTime, m.applyCloseTime) })}
          </Text>
        </>
      )}
      <View className="mk-card-foot">
        <View className="mk-badges">
          {m.applied && <Text className="mk-badge mk-applied">{tx('mock.applied')}</Text>}
          {m.applied && attemptsUsedUp(m) && !m.openRecordId && (
            <Text className="mk-badge mk-taken">{tx('mock.taken')}</Text>
          )}
          {m.applied && m.maxAttempts > 0 && (
            <Text className="mk-muted">{tx('mock.attempts', { used: m.attemptsUsed, max: m.maxAttempts })}</Text>
          )}
        </View>
        {action.kind === 'note' && <Text className="mk-muted mk-note">{action.text}</Text>}
        {action.kind === 'apply' && (
          <View className="mk-btn is-primary mk-apply" onClick={() => onAction('apply', m)}>
            {tx('mock.apply')}
          </View>
        )}
        {(action.kind === 'enter' || action.kind === 'continue') && (
          <View className="mk-btn is-primary mk-enter" onClick={() => onAction(action.kind, m)}>
            {tx(action.kind === 'enter' ? 'mock.enter' : 'mock.continue')}
          </View>
        )}
        {action.kind === 'results' && (
          <View className="mk-btn mk-results" onClick={() => onAction('results', m)}>
            {tx('mock.results')}
          </View>
        )}
        {action.kind === 'cancel' && (
          <View className="mk-btn mk-cancel" onClick={() => onAction('cancel', m)}>
            {tx('mock.cancelApply')}
          </View>
        )}
        {schedule && !!m.channelId && (
          <View className="mk-btn mk-room" onClick={() => onAction('room', m)}>
            {tx('mock.live.room')}
          </View>
        )}
      </View>
    </View>
  )
}

/**
 * One of my applications: tap for its detail; enter (or continue) while the mock runs and an attempt is left;
 * once taken, 已考 and its results; withdraw before it opens.
 */
export function SubscriptionCard({
  s,
  onOpen,
  onEnter,
  onResults,
  onCancel,
}: {
  s: MockSubscribe
  onOpen: (s: MockSubscribe) => void
  onEnter: (s: MockSubscribe) => void
  onResults: (s: MockSubscribe) => void
  onCancel: (s: MockSubscribe) => void
}) {
  const applied = s.status === MOCK_SUBSCRIBE_STATUS.applied
  const live = liveOf(s.openTime, s.closeTime)
  const action = subscriptionAction(s)
  const taken = s.attemptsUsed > 0 && !s.openRecordId
  const act = (e: { stopPropagation: () => void }, fn: (s: MockSubscribe) => void) => {
    e.stopPropagation()
    fn(s)
  }
  return (
    <View
      className={`mk-card mk-sub mk-sub-${s.subscribeId}${applied ? '' : ' is-cancelled'}`}
      onClick={() => onOpen(s)}
    >
      <View className="mk-card-head">
        <Text className="mk-card-title">{s.examName}</Text>
        {applied ? (
          <LiveTag live={live} />
        ) : (
          <Text className="mk-status mk-status-cancelled">{tx('mock.mine.status.2')}</Text>
        )}
      </View>
      <Text className="mk-muted">
        {s.realName} · {s.idCard} · {s.telPhone}
      </Text>
      <Text className="mk-muted">{[s.subjectName, s.siteName || tx('mock.online')].filter(Boolean).join(' · ')}</Text>
      <Text className="mk-line">{tx('mock.window', { time: windowText(s.openTime, s.closeTime) })}</Text>
      {(action !== 'none' || (applied && live !== 'ended')) && (
        <View className="mk-card-foot">
          <View className="mk-badges">
            {applied && <Text className="mk-badge mk-applied">{tx('mock.mine.status.1')}</Text>}
            {taken && <Text className="mk-badge mk-taken">{tx('mock.taken')}</Text>}
            {s.maxAttempts > 0 && s.attemptsUsed > 0 && (
              <Text className="mk-muted">{tx('mock.attempts', { used: s.attemptsUsed, max: s.maxAttempts })}</Text>
            )}
          </View>
          {(action === 'enter' || action === 'continue') && (
            <View className="mk-btn is-primary mk-enter" onClick={(e) => act(e, onEnter)}>
              {tx(action === 'enter' ? 'mock.enter' : 'mock.continue')}
            </View>
          )}
          {action === 'results' && (
            <View className="mk-btn mk-results" onClick={(e) => act(e, onResults)}>
              {tx('mock.results')}
            </View>
          )}
          {action === 'cancel' && (
            <View className="mk-btn mk-cancel" onClick={(e) => act(e, onCancel)}>
              {tx('mock.cancelApply')}
            </View>
          )}
        </View>
      )}
    </View>
  )
}

/** My results of one mock: attempts, best and last score, passed; tap for the attempts. */
export function GroupRow({ g, onOpen }: { g: MockGroup; onOpen: (g: MockGroup) => void }) {
  return (
    <View className={`mk-row mk-group mk-group-${g.examId}`} onClick={() => onOpen(g)}>
      <View className="mk-row-main">
        <Text className="mk-row-title">{g.name}</Text>
        <Text className="mk-muted">
          {tx('mock.scores.attempts', { n: g.attempts })}
          {g.lastTime ? ` · ${dateTime(g.lastTime)}` : ''}
        </Text>
        <Text className="mk-muted">
          {tx('mock.scores.best', { s: scoreText(g.bestScore) })} ·{' '}
          {tx('mock.scores.last', { s: scoreText(g.lastScore) })}
        </Text>
      </View>
      <Text className={`mk-pass ${g.passed ? 'is-pass' : 'is-fail'}`}>
        {tx(g.passed ? 'mock.passed' : 'mock.notPassed')}
      </Text>
      <View className="mk-arrow" />
    </View>
  )
}
