import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import Empty from '@/components/empty'
import { record, startPaper } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'
import Player from '@/features/bank/components/question/player'
import { t } from '@/i18n/sub'

/**
 * A paper in test mode: no feedback until submit; submit asks when questions are unanswered, then opens
 * question_report. Query: `paperId` (start or resume) or `recordId`; `goodsId` for the buy link.
 */
export default function QuestionBankTestPage() {
  const { params } = useRouter()
  const paperId = intParam(params.paperId)
  const recordId = intParam(params.recordId)
  const load = useMemo(() => {
    if (recordId) return () => record(recordId, { noLoading: true })
    return () => startPaper(paperId ?? 0, 'test', { noLoading: true })
  }, [paperId, recordId])
  if (!paperId && !recordId) return <Empty text={t('bank.badLink')} />
  return <Player load={load} goodsId={intParam(params.goodsId)} />
}
