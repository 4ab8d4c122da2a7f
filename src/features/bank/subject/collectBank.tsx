/**
 * Favourites overview (spec: pages2/subject/collectBank): favourites grouped by bank and chapter
 * (exam_list, each -> subject/collect of that chapter) and by question type (type_list, each ->
 * collectTypeBank); 'practise' opens the engine's favourites practice (collectById). Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { collectGroups, collectTypes } from '@/features/bank/api'
import { bankUrl, go, QUIET, requireLogin, typeKey, useBankParams, useLoader } from '@/features/bank/lib'
import { Section, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'

export default function CollectBank() {
  const { bankId } = useBankParams()
  const data = useLoader(async () => {
    const [types, groups] = await Promise.all([collectTypes(bankId, QUIET), collectGroups(bankId, QUIET)])
    return { types: types.filter((x) => x.num > 0), groups: groups.filter((g) => g.num > 0) }
  })
  useDidShow(() => {
    if (requireLogin()) data.reload(data.status === 'ready')
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const d = data.data
  const total = (d?.types ?? []).reduce((n, x) => n + x.num, 0)
  const bq = bankId ? `&bankId=${bankId}` : ''
  return (
    <View className="page qb-page qb-collect-bank" style={themeStyle}>
      <NavBar title={t('bankList.entry.collect')} />
      <StatusBox
        status={data.status}
        empty={total === 0}
        emptyText={t('bankList.collect.empty')}
        emptyHint={t('bankList.collect.emptyHint')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => data.reload()}
      >
        <View className="qb-section qb-section-head">
          <Text className="qb-muted collect-total">{t('bankList.collect.total', { n: total })}</Text>
          <View className="qb-row-actions">
            <Text className="qb-btn collect-all" onClick={() => go(`/pages2/subject/collect?${bq.slice(1)}`)}>
              {t('bankList.collect.all')}
            </Text>
            {bankId && (
              <Text className="qb-btn is-primary collect-practise" onClick={() => go(bankUrl.collectPractise(bankId))}>
                {t('bankList.collect.practise')}
              </Text>
            )}
          </View>
        </View>
        <Section title={t('bankList.byType')}>
          {(d?.types ?? []).map((x) => (
            <View
              key={x.type}
              className={`qb-row collect-type collect-type-${x.type}`}
              onClick={() => go(`/pages2/subject/collectTypeBank?type=${x.type}${bq}`)}
            >
              <Text className="qb-row-title">{t(typeKey(x.type))}</Text>
              <Text className="qb-muted">{x.num}</Text>
            </View>
          ))}
        </Section>
        <Section title={t('bankList.collect.byChapter')}>
          {(d?.groups ?? []).map((g) => (
            <View
              key={`${g.bankId}-${g.chapterId ?? 0}`}
              className={`qb-row collect-group collect-group-${g.bankId}-${g.chapterId ?? 0}`}
              onClick={() =>
                go(`/pages2/subject/collect?bankId=${g.bankId}${g.chapterId ? `&chapterId=${g.chapterId}` : ''}`)
              }
            >
              <View className="qb-row-main">
                <Text className="qb-row-title">{g.chapterName || t('bankList.collect.noChapter')}</Text>
                <Text className="qb-muted">{g.bankName}</Text>
              </View>
              <Text className="qb-muted">{g.num}</Text>
            </View>
          ))}
        </Section>
      </StatusBox>
    </View>
  )
}
