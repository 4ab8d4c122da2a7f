import { View } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import ExplainView from '@/features/bank/components/question/explain-view'
import { intParam } from '@/features/bank/components/question/guard'
import { tx } from '../sit/messages'

/** The wrong and partly right questions of a submitted exam attempt, with the right answer and analysis. Query: `recordId`. */
export default function ExamWrongExplainPage() {
  const { params } = useRouter()
  const recordId = intParam(params.recordId)
  if (!recordId)
    return (
      <View className="page">
        <NavBar title={tx('report.title')} />
        <Empty text={tx('exam.badLink')} />
      </View>
    )
  return <ExplainView recordId={recordId} filter="wrong" />
}
