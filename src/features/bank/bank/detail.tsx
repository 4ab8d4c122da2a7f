/**
 * A bank's chapters (spec: pages2/bank/detail): each chapter from menuAllList with the learner's done /
 * right counts and a progress bar; a tap practises the chapter in the engine's player (scope chapter,
 * practice mode). Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { chapterMenu } from '@/features/bank/api'
import { bankUrl, go, pct, QUIET, ratio, requireLogin, useBankParams, useLoader } from '@/features/bank/lib'
import { Bar, StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'

export default function BankChapters() {
  const { bankId } = useBankParams()
  const chapters = useLoader(() => (bankId ? chapterMenu(bankId, QUIET) : Promise.resolve([])))

  useDidShow(() => {
    if (requireLogin()) chapters.reload(chapters.status === 'ready')
  })
  usePullDownRefresh(() => {
    chapters.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const rows = [...(chapters.data ?? [])].sort((a, b) => a.sort - b.sort)
  return (
    <View className="page qb-page qb-chapters" style={themeStyle}>
      <NavBar title={t('bankList.chapters.title')} />
      <StatusBox
        status={chapters.status}
        empty={rows.length === 0}
        emptyText={t('bankList.chapters.empty')}
        emptyAction={t('bankList.backToBank')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/questionBank/index' })}
        onRetry={() => chapters.reload()}
      >
        <View className="qb-section">
          {rows.map((c) => (
            <View
              key={c.chapterId}
              className={`qb-row chapter-item chapter-item-${c.chapterId}`}
              onClick={() => bankId && go(bankUrl.chapter(bankId, c.chapterId))}
            >
              <View className="qb-row-main">
                <Text className="qb-row-title">{c.chapterName}</Text>
                <Bar value={ratio(c.doneNum, c.questionNum)} className="chapter-progress" />
                <Text className="qb-muted chapter-meta">
                  {t('bankList.progress', { done: c.doneNum, total: c.questionNum })} ·{' '}
                  {t('bankList.rightRate', { rate: pct(c.rightRate) })}
                </Text>
              </View>
              <Text className="qb-btn">
                {c.doneNum > 0 ? t('bankList.chapters.again') : t('bankList.chapters.start')}
              </Text>
            </View>
          ))}
        </View>
      </StatusBox>
    </View>
  )
}
