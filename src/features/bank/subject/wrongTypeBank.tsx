/**
 * Wrong questions of one type (spec: pages2/subject/wrongTypeBank, ?type=1-5): each can be reviewed or
 * removed; 'practise these' starts the engine's player with scope wrong and the type. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { wrongTypeQuestions } from '@/features/bank/api'
import { bankUrl, go, QUIET, requireLogin, typeKey, useBankParams, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { WrongItem } from './parts'

export default function WrongTypeBank() {
  const { bankId, type } = useBankParams()
  const data = useLoader(() => (type ? wrongTypeQuestions(type, bankId, QUIET) : Promise.resolve([])))
  useDidShow(() => {
    if (requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const rows = data.data ?? []
  return (
    <View className="page qb-page qb-wrong-type" style={themeStyle}>
      <NavBar title={type ? t(typeKey(type)) : t('bankList.wrong.listTitle')} />
      <StatusBox
        status={data.status}
        empty={rows.length === 0}
        emptyText={t('bankList.wrong.empty')}
        onRetry={() => data.reload()}
      >
        {bankId && (
          <View className="qb-section qb-section-head">
            <Text className="qb-muted">{t('bankList.wrong.count', { n: rows.length })}</Text>
            <Text
              className="qb-btn is-primary wrong-practise"
              onClick={() => go(bankUrl.practise(bankId, 'wrong', type ? `&type=${type}` : ''))}
            >
              {t('bankList.wrong.practise')}
            </Text>
          </View>
        )}
        <View className="qb-section">
          {rows.map((q) => (
            <WrongItem
              key={q.questionId}
              w={{ ...q.wrong, title: q.title }}
              onRemoved={(id) => data.setData(rows.filter((x) => x.questionId !== id))}
            />
          ))}
        </View>
      </StatusBox>
    </View>
  )
}
