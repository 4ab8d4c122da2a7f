/**
 * Question preview (spec: pages2/bank/question_detail). The contract has no per-question history, so this
 * page previews questions: of a chapter (?chapterId=), a paper (?paperId=) or one question (?questionId=).
 * Public: answers and analysis show when the caller may see them (free bank / paper, owner); otherwise the
 * first questions without answers and a 'buy' hint.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useLoad, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { bankQuestions, type QuestionList, questionsByIds } from '@/features/bank/api'
import { QUIET, typeKey, useBankParams, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { t } from '@/i18n/sub'

export default function QuestionDetail() {
  const { chapterId, paperId, questionId } = useBankParams()
  const data = useLoader<QuestionList>(async () => {
    if (chapterId || paperId) return bankQuestions(chapterId ? { chapterId } : { paperId }, QUIET)
    const rows = questionId ? await questionsByIds([questionId], QUIET) : []
    return { rows, total: rows.length, preview: false, withAnswers: rows.some((q) => q.ans !== null) }
  })
  useLoad(() => {
    data.reload()
  })
  usePullDownRefresh(() => {
    data.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const d = data.data
  const rows = d?.rows ?? []
  return (
    <View className="page qb-page qb-question-detail" style={themeStyle}>
      <NavBar title={t('bankList.preview.title')} />
      <StatusBox
        status={data.status}
        empty={rows.length === 0}
        emptyText={t('bankList.preview.empty')}
        onRetry={() => data.reload()}
      >
        {d?.preview && (
          <View className="qb-section qb-preview-note">
            <Text className="qb-muted">{t('bankList.preview.note', { shown: rows.length, total: d.total })}</Text>
          </View>
        )}
        {rows.map((q, i) => (
          <View key={q.questionId} className={`qb-section question-item question-item-${q.questionId}`}>
            <Text className="qb-muted">
              {i + 1}. {t(typeKey(q.type))}
            </Text>
            <RichHtml html={q.title} />
            {q.optionsList.map((o) => (
              <View key={o.label} className="qb-option">
                <Text>{o.label}. </Text>
                <RichHtml html={o.content} />
              </View>
            ))}
            {q.ans !== null && (
              <Text className="qb-answer question-answer">{t('bankList.preview.answer', { ans: q.ans })}</Text>
            )}
            {!!q.analysis && <RichHtml html={q.analysis} className="qb-muted" />}
          </View>
        ))}
      </StatusBox>
    </View>
  )
}
