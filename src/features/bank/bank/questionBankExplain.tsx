import { useRouter } from '@tarojs/taro'
import ExplainView, { type ExplainFilter } from '@/features/bank/components/question/explain-view'
import { intParam } from '@/features/bank/components/question/guard'

/** Explanations of an attempt. Query: `recordId`, `filter` all | wrong (default all). */
export default function QuestionBankExplainPage() {
  const { params } = useRouter()
  const filter: ExplainFilter = params.filter === 'wrong' ? 'wrong' : 'all'
  return <ExplainView recordId={intParam(params.recordId)} filter={filter} />
}
