/**
 * A question's notes and Q and A (docs/DECISIONS.md "Notes", "Questions and answers"): 笔记 opens this question's
 * notes (write one there), 提问 asks the teachers about it. Not shown while a timed test holds the question.
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { qx } from './tools-messages'

/** The stem as a short plain title for the ask page. */
const titleOf = (html: string) => {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}

export default function QuestionTools({ questionId, title }: { questionId: number; title: string }) {
  const open = (url: string) => Taro.navigateTo({ url }).catch(() => undefined)
  return (
    <View className="question-tools">
      <View className="question-tool q-note" onClick={() => open(`/pages3/note/index?questionId=${questionId}`)}>
        <Text>{qx('note')}</Text>
      </View>
      <View
        className="question-tool q-ask"
        onClick={() => open(`/pages3/answer/ask?questionId=${questionId}&title=${encodeURIComponent(titleOf(title))}`)}
      >
        <Text>{qx('ask')}</Text>
      </View>
    </View>
  )
}
