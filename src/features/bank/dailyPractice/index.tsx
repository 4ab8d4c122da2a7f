import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import { startRecord } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'
import Player from '@/features/bank/components/question/player'
import { t } from '@/i18n/sub'

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
