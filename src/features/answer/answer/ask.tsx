/**
 * Ask a teacher (spec: Q and A, POST /app/answer; the spec names no page: pages3/answer/ask — docs/DECISIONS.md
 * "Questions and answers"). Opened from a course page (`?courseId&goodsId`), the player (`?sectionId&goodsId`)
 * or a question card (`?questionId`), with `title` naming what the question is about. Sent, it goes to My
 * questions, where the teachers' replies arrive.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { ask } from '@/features/answer/api'
import { numParam, requireLogin } from '@/features/bank/lib'
import AskForm from './ask-form'
import { ax } from './messages'
import './index.scss'

const decode = (v: string | undefined) => {
  try {
    return v ? decodeURIComponent(v) : ''
  } catch {
    return v ?? ''
  }
}

export default function AskPage() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const courseId = numParam(p.courseId)
  const sectionId = numParam(p.sectionId)
  const goodsId = numParam(p.goodsId)
  const questionId = numParam(p.questionId)
  const title = decode(p.title)
  const target = questionId
    ? { questionId }
    : sectionId
      ? { sectionId, goodsId }
      : courseId
        ? { courseId, goodsId }
        : null

  const about = questionId
    ? ax('aboutQuestion', { title })
    : sectionId
      ? ax('aboutSection', { name: title })
      : ax('aboutCourse', { name: title })

  return (
    <View className="page answer-page ask-page" style={themeStyle}>
      <NavBar title={ax('askTitle')} />
      {!target ? (
        <Empty text={ax('noTarget')} />
      ) : (
        <View className="answer-card">
          {!!title && <Text className="ask-about">{about}</Text>}
          <AskForm
            submitText={ax('submit')}
            onSubmit={async (content, imageList) => {
              if (!requireLogin()) return
              const row = await ask({ ...target, content, imageList })
              Taro.showToast({ title: ax('sent'), icon: 'none' })
              Taro.redirectTo({ url: `/pages3/answer/index?id=${row.answerId}` })
            }}
          />
        </View>
      )}
    </View>
  )
}
