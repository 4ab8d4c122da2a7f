import { View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { type RecordDetail, record } from '@/features/bank/api'
import { intParam, type LoadError, loadError, requireLogin } from '@/features/bank/components/question/guard'
import { LoadFailed } from '@/features/bank/components/question/player'
import ReportSummary from '@/features/bank/components/question/report-summary'
import { t } from '@/i18n/sub'
import '@/features/bank/components/question/index.scss'

/** The server's report of a submitted attempt. Query: `recordId`. */
export default function QuestionReportPage() {
  const { params } = useRouter()
  const recordId = intParam(params.recordId)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [error, setError] = useState<LoadError>('failed')
  const [detail, setDetail] = useState<RecordDetail | null>(null)

  const load = useCallback(async () => {
    if (!recordId || !requireLogin()) return
    setStatus('loading')
    try {
      setDetail(await record(recordId, { noLoading: true }))
      setStatus('ready')
    } catch (e) {
      setError(loadError(e))
      setStatus('error')
    }
  }, [recordId])

  useEffect(() => {
    load()
  }, [load])

  const go = (page: string) => Taro.navigateTo({ url: `/pages2/bank/${page}?recordId=${recordId}` })
  return (
    <View className="page bank-page bank-report" style={themeStyle}>
      <NavBar title={t('bank.report.title')} />
      {!recordId && <Empty text={t('bank.badLink')} />}
      {!!recordId && status === 'loading' && <PageLoading rows={2} />}
      {status === 'error' && <LoadFailed kind={error} onRetry={load} />}
      {status === 'ready' && detail && !detail.report && (
        <Empty
          text={t('bank.report.notSubmitted')}
          actionText={t('bank.report.continue')}
          onAction={() => Taro.redirectTo({ url: `/pages2/bank/questionBank?recordId=${recordId}` })}
        />
      )}
      {status === 'ready' && detail?.report && (
        <ReportSummary
          report={detail.report}
          title={detail.title}
          onWrongExplain={() => {
            if (detail.report?.questionIds.length) go('questionBankWrongExplain')
            else Taro.showToast({ title: t('bank.explain.noWrong'), icon: 'none' })
          }}
          onAllExplain={() => go('questionBankAllExplain')}
        />
      )}
    </View>
  )
}
