import { useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import { record, type StartRecord, startRecord } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'
import { type RecordParams, startBodyOf } from '@/features/bank/components/question/params'
import Player from '@/features/bank/components/question/player'

/**
 * The practice player. Query: `recordId` (open that attempt), or a scope: `chapterId` (chapter practice),
 * `paperId` (a paper), `scope` daily | random | wrong | collect | special with `bankId` / `type` /
 * `difficulty` / `count`; `mode` practice | test | memorise (default practice); `goodsId` for the buy link.
 * Starting the same scope again resumes the unfinished attempt (server); the question is restored locally.
 */
export default function QuestionBankPage() {
  const { params } = useRouter() as { params: RecordParams }
  const load = useMemo(() => {
    const recordId = intParam(params.recordId)
    if (recordId) return () => record(recordId, { noLoading: true })
    const body: StartRecord = startBodyOf(params)
    return () => startRecord(body, { noLoading: true })
  }, [params])
  return <Player load={load} goodsId={intParam(params.goodsId)} />
}
