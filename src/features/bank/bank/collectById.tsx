import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import { record, startRecord } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'
import { startBodyOf } from '@/features/bank/components/question/params'
import Player from '@/features/bank/components/question/player'
import { t } from '@/i18n/sub'

/** Practise the favourites. Query: `bankId`, optional `chapterId` / `type` / `count`, or `recordId`. */
export default function CollectByIdPage() {
  const { params } = useRouter()
  const load = useMemo(() => {
    const recordId = intParam(params.recordId)
    if (recordId) return () => record(recordId, { noLoading: true })
    const body = { ...startBodyOf(params), scope: 'collect' as const, mode: 'practice' as const }
    return () => startRecord(body, { noLoading: true })
  }, [params])
  return <Player load={load} fallbackTitle={t('bank.collect.title')} />
}
