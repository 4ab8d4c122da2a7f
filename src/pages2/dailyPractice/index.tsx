import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import { intParam } from '@/components/question/guard'
import Player from '@/components/question/player'
import { t } from '@/i18n/sub'
import { startRecord } from '@/services/api/bank'

/**
 * Today's fixed set (DAILY_COUNT questions from the learner's banks, the same all day): the first visit
 * starts it, later visits resume it where the learner stopped. Query: optional `bankId`, `goodsId`.
 */
export default function DailyPracticePage() {
  const { params } = useRouter()
  const bankId = intParam(params.bankId)
  const load = useMemo(
    () => () => startRecord({ scope: 'daily', mode: 'practice', ...(bankId ? { bankId } : {}) }, { noLoading: true }),
    [bankId],
  )
  return <Player load={load} fallbackTitle={t('bank.daily.title')} goodsId={intParam(params.goodsId)} />
}
