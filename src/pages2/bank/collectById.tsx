import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import { intParam } from '@/components/question/guard'
import { startBodyOf } from '@/components/question/params'
import Player from '@/components/question/player'
import { t } from '@/i18n/sub'
import { record, startRecord } from '@/services/api/bank'

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
