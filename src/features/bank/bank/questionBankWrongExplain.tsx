import { useRouter } from '@tarojs/taro'
import ExplainView from '@/features/bank/components/question/explain-view'
import { intParam } from '@/features/bank/components/question/guard'

/** Wrong and partially right questions of an attempt with explanations. Query: `recordId`. */
export default function QuestionBankWrongExplainPage() {
  const { params } = useRouter()
  return <ExplainView recordId={intParam(params.recordId)} filter="wrong" />
}
