/**
 * A mock-exam application (spec: pages5/mockExam/registrationSuccess?subscribeId): shown after applying and
 * from my applications. The summary (ID number and mobile masked by the server), the mock's window, and
 * 进入考试 while it runs and an attempt is left (继续考试 for the open one; 查看成绩 once taken); 返回模考 goes
 * back to the mock-exam home.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import '@/components/form/index.scss'
import ResultHead from '@/components/result-head'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { MOCK_SUBSCRIBE_STATUS, mockSubscription } from '@/features/exam/api'
import { tx } from '../mock-messages'
import { InfoRow, liveOf, mockUrl, subscriptionAction, windowText } from '../mock-parts'
import '../mock.scss'
import { backTo } from '@/features/exam/ui'

export default function RegistrationSuccess() {
  const { params } = useRouter()
  const subscribeId = numParam((params as Record<string, string | undefined>).subscribeId)
  const data = useLoader(() => mockSubscription(subscribeId ?? 0, QUIET))
  useDidShow(() => {
    if (subscribeId && requireLogin()) data.reload(data.status === 'ready')
  })

  const back = () => backTo(mockUrl.home)
  const s = data.data
  const applied = s?.status === MOCK_SUBSCRIBE_STATUS.applied
  const live = s ? liveOf(s.openTime, s.closeTime) : 'scheduled'
  const action = s ? subscriptionAction(s) : 'none'
  return (
    <View className="page mk-page mk-reg" style={themeStyle}>
      <NavBar title={tx('reg.title')} />
      {!subscribeId ? (
        <Empty text={tx('reg.notFound')} actionText={tx('reg.back')} onAction={back} />
      ) : (
        <StatusBox status={data.status} empty={!s} emptyText={tx('reg.notFound')} onRetry={() => data.reload()}>
          {s && (
            <>
              <ResultHead muted={!applied} title={tx(applied ? 'reg.done' : 'reg.cancelledState')} />
              <View className="mk-card">
                <InfoRow label={tx('reg.exam')} value={<Text className="mk-reg-exam">{s.examName}</Text>} />
                <InfoRow label={tx('reg.name')} value={s.realName} />
                <InfoRow label={tx('reg.idCard')} value={<Text className="mk-reg-id">{s.idCard}</Text>} />
                <InfoRow label={tx('reg.phone')} value={<Text className="mk-reg-phone">{s.telPhone}</Text>} />
                {!!s.subjectName && <InfoRow label={tx('reg.subject')} value={s.subjectName} />}
                <InfoRow label={tx('reg.site')} value={s.siteName || tx('mock.online')} />
                <InfoRow
                  label={tx('reg.window')}
                  value={<Text className="mk-reg-window">{windowText(s.openTime, s.closeTime)}</Text>}
                />
              </View>
              {applied && live !== 'living' && action !== 'results' && (
                <Text className="mk-note mk-reg-hint">
                  {tx(live === 'ended' ? 'reg.hintEnded' : 'reg.hintScheduled')}
                </Text>
              )}
              <View className="mk-actions">
                {(action === 'enter' || action === 'continue') && (
                  <Button
                    className="form-submit mk-submit mk-reg-enter"
                    onClick={() => Taro.navigateTo({ url: mockUrl.sit(s.examId) })}
                  >
                    {tx(action === 'enter' ? 'reg.enter' : 'mock.continue')}
                  </Button>
                )}
                {action === 'results' && (
                  <Button
                    className="form-submit mk-submit mk-reg-results"
                    onClick={() => Taro.navigateTo({ url: mockUrl.records(s.examId) })}
                  >
                    {tx('mock.results')}
                  </Button>
                )}
                <View className="mk-btn mk-block mk-reg-back" onClick={back}>
                  {tx('reg.back')}
                </View>
              </View>
            </>
          )}
        </StatusBox>
      )}
    </View>
  )
}
