/**
 * Free papers (spec: pages2/bank/free_question): of one goods (?goodsId=) or of every free bank. Logged in
 * a tap takes the paper in test mode; logged out it previews the paper's questions (public).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useLoad, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { bankUrl, go, loadFreePapers, useBankParams, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { isLoggedIn } from '@/store/session'

export default function FreeQuestion() {
  const { goodsId } = useBankParams()
  const papers = useLoader(() => loadFreePapers(goodsId))
  useLoad(() => {
    papers.reload()
  })
  usePullDownRefresh(() => {
    papers.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const rows = papers.data ?? []
  return (
    <View className="page qb-page qb-free" style={themeStyle}>
      <NavBar title={t('bankList.free.title')} />
      <StatusBox
        status={papers.status}
        empty={rows.length === 0}
        emptyText={t('bankList.free.empty')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => papers.reload()}
      >
        <View className="qb-section">
          {rows.map((p) => (
            <View
              key={p.paperId}
              className={`qb-row qb-free-paper paper-item paper-item-${p.paperId}`}
              onClick={() => go(isLoggedIn() ? bankUrl.test(p.paperId) : bankUrl.preview({ paperId: p.paperId }))}
            >
              <View className="qb-row-main">
                <Text className="qb-row-title">{p.paperName}</Text>
                <Text className="qb-muted">
                  {t('bankList.paper.meta', { num: p.questionNum, score: p.totalScore, min: p.durationMinutes })}
                </Text>
              </View>
              <Text className="qb-btn is-primary">
                {isLoggedIn() ? t('bankList.paper.start') : t('bankList.paper.preview')}
              </Text>
            </View>
          ))}
        </View>
      </StatusBox>
    </View>
  )
}
