import { useRouter } from '@tarojs/taro'
import ExplainView from '@/features/bank/components/question/explain-view'
import { intParam } from '@/features/bank/components/question/guard'

/** One question with its explanation. Query: `questionId`, optional `recordId` (shows the learner's answer). */
export default function QuestionBankExplainDetailPage() {
  const { params } = useRouter()
  return <ExplainView recordId={intParam(params.recordId)} questionId={intParam(params.questionId)} filter="one" />
}
