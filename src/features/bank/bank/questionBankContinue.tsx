import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import { checkUnfinished, record, startRecord } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'
import { type RecordParams, startBodyOf } from '@/features/bank/components/question/params'
import Player from '@/features/bank/components/question/player'

/**
 * Continue the learner's unfinished attempt of a scope at its first unanswered question. Query as
 * questionBank (`recordId`, or scope params + `mode`). No unfinished attempt: a new one starts.
 */
export default function QuestionBankContinuePage() {
  const { params } = useRouter() as { params: RecordParams }
  const load = useMemo(() => {
    const recordId = intParam(params.recordId)
    if (recordId) return () => record(recordId, { noLoading: true })
    const body = startBodyOf(params)
    return async () => {
      const found = await checkUnfinished(
        {
          mode: body.mode ?? 'practice',
          scope: body.scope,
          ...(body.bankId ? { bankId: body.bankId } : {}),
          ...(body.chapterId ? { chapterId: body.chapterId } : {}),
          ...(body.paperId ? { paperId: body.paperId } : {}),
        },
        { noLoading: true },
      )
      return found.recordId ? record(found.recordId, { noLoading: true }) : startRecord(body, { noLoading: true })
    }
  }, [params])
  return <Player load={load} startAt="firstUnanswered" goodsId={intParam(params.goodsId)} />
}
