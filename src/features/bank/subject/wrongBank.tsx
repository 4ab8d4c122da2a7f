/**
 * Wrong book overview (spec: pages2/subject/wrongBank): how many questions are in the book and due today,
 * the book by question type (each -> wrongTypeBank), 'review now' (the engine's wrongById over the due
 * questions), 'practise' (player, scope wrong) and the full list (subject/wrong). Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { wrongNum, wrongTypes } from '@/features/bank/api'
import { bankUrl, go, QUIET, requireLogin, typeKey, useBankParams, useLoader } from '@/features/bank/lib'
import { Section, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'

export default function WrongBank() {
  const { bankId } = useBankParams()
  const data = useLoader(async () => {
    const [num, types] = await Promise.all([wrongNum(bankId, QUIET), wrongTypes(bankId, QUIET)])
    return { num, types: types.filter((x) => x.num > 0) }
  })
  useDidShow(() => {
    if (requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const d = data.data
  const q = bankId ? `?bankId=${bankId}` : ''
  return (
    <View className="page qb-page qb-wrong-bank" style={themeStyle}>
      <NavBar title={t('bankList.entry.wrong')} />
      <StatusBox
        status={data.status}
        empty={!d || d.num.total === 0}
        emptyText={t('bankList.wrong.empty')}
        emptyHint={t('bankList.wrong.emptyHint')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => data.reload()}
      >
        {d && (
          <>
            <View className="qb-section qb-numbers">
              <View className="qb-number">
                <Text className="qb-number-value wrong-total">{d.num.total}</Text>
                <Text className="qb-muted">{t('bankList.wrong.total')}</Text>
              </View>
              <View className="qb-number">
                <Text className="qb-number-value wrong-due">{d.num.dueToday}</Text>
                <Text className="qb-muted">{t('bankList.today.due')}</Text>
              </View>
            </View>
            <View className="qb-section qb-section-head">
              <Text className="qb-btn wrong-all" onClick={() => go(`/pages2/subject/wrong${q}`)}>
                {t('bankList.wrong.all')}
              </Text>
              {bankId && (
                <Text className="qb-btn wrong-practise" onClick={() => go(bankUrl.practise(bankId, 'wrong'))}>
                  {t('bankList.wrong.practise')}
                </Text>
              )}
              {d.num.dueToday > 0 && (
                <Text className="qb-btn is-primary wrong-review-now" onClick={() => go(bankUrl.wrongReview(bankId))}>
                  {t('bankList.wrong.reviewNow')}
                </Text>
              )}
            </View>
            <Section title={t('bankList.byType')}>
              {d.types.map((x) => (
                <View
                  key={x.type}
                  className={`qb-row wrong-type wrong-type-${x.type}`}
                  onClick={() => go(`/pages2/subject/wrongTypeBank?type=${x.type}${bankId ? `&bankId=${bankId}` : ''}`)}
                >
                  <Text className="qb-row-title">{t(typeKey(x.type))}</Text>
                  <Text className="qb-muted">{t('bankList.wrong.typeLine', { n: x.num, due: x.dueNum })}</Text>
                </View>
              ))}
            </Section>
          </>
        )}
      </StatusBox>
    </View>
  )
}
