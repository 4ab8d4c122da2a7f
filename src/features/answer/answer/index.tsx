/**
 * My questions (spec: Q and A, GET /app/answer/list; the spec names no page: pages3/answer/index — docs/DECISIONS.md
 * "Questions and answers"): my questions to the teachers, newest first, each with what it is about, its images and
 * the teachers' replies; a new reply is marked once (listing it marks it seen). Pull down to refresh, pull up for
 * more. An unanswered question can be edited (a sheet with the same form); any can be deleted. `?id` (a reply
 * message's link) marks that question.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { ANSWER_STATUS, type Answer, answerList, deleteAnswer, editAnswer } from '@/features/answer/api'
import { numParam, requireLogin } from '@/features/bank/lib'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import AskForm from './ask-form'
import { ax } from './messages'
import './index.scss'

const PAGE_SIZE = 10
const QUIET = { noLoading: true, silent: true } as const

function aboutOf(a: Answer): string {
  if (a.kind === 'question') return ax('aboutQuestion', { title: a.questionTitle })
  if (a.sectionId) return `${ax('aboutCourse', { name: a.courseName })} · ${a.sectionName}`
  return ax('aboutCourse', { name: a.courseName })
}

export default function MyQuestions() {
  const { params } = useRouter()
  const focus = numParam((params as Record<string, string | undefined>).id)
  const [rows, setRows] = useState<Answer[]>([])
  const [total, setTotal] = useState(0)
  const [unreadNum, setUnreadNum] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle')
  const [editing, setEditing] = useState<Answer | null>(null)
  const pageRef = useRef(1)
  const seq = useRef(0)

  const load = async (quietly = false) => {
    const mine = ++seq.current
    if (!quietly) setStatus('loading')
    try {
      const page = await answerList({ pageNum: 1, pageSize: PAGE_SIZE }, QUIET)
      if (mine !== seq.current) return
      pageRef.current = 1
      setRows(page.rows)
      setTotal(page.total)
      setUnreadNum(page.unreadNum)
      setMore('idle')
      setStatus('ready')
    } catch {
      if (mine === seq.current) setStatus((s) => (quietly && s === 'ready' ? s : 'error'))
    }
  }

  const loadMore = () => {
    if (more === 'loading' || status !== 'ready' || rows.length >= total) return
    const mine = seq.current
    const next = pageRef.current + 1
    setMore('loading')
    answerList({ pageNum: next, pageSize: PAGE_SIZE }, QUIET)
      .then((page) => {
        if (mine !== seq.current) return
        pageRef.current = next
        setRows((prev) => [...prev, ...page.rows.filter((r) => !prev.some((x) => x.answerId === r.answerId))])
        setTotal(page.total)
        setMore('idle')
      })
      .catch(() => setMore('error'))
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load(status === 'ready')
  })
  usePullDownRefresh(() => {
    load(true).finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(loadMore)

  const remove = async (a: Answer) => {
    const r = await Taro.showModal({
      title: t('common.tip'),
      content: ax('deleteConfirm'),
      confirmText: ax('delete'),
      cancelText: ax('cancel'),
    })
    if (!r.confirm) return
    try {
      await deleteAnswer(a.answerId)
      Taro.showToast({ title: ax('deleted'), icon: 'none' })
      setRows((prev) => prev.filter((x) => x.answerId !== a.answerId))
      setTotal((n) => Math.max(0, n - 1))
    } catch {
      // shown by the request layer
    }
  }

  return (
    <View className="page answer-page" style={themeStyle}>
      <NavBar title={ax('title')} />
      {status === 'loading' && <PageLoading rows={3} />}
      {status === 'error' && (
        <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => load()} />
      )}
      {status === 'ready' && rows.length === 0 && <Empty text={ax('empty')} hint={ax('emptyHint')} />}
      {status === 'ready' && unreadNum > 0 && (
        <Text className="answer-unread-note">{ax('unreadNum', { n: unreadNum })}</Text>
      )}
      {status === 'ready' &&
        rows.map((a) => {
          const urls = a.imageList.map(imageUrl)
          return (
            <View
              key={a.answerId}
              className={`answer-card answer-item answer-item-${a.answerId}${a.answerId === focus ? ' is-focus' : ''}`}
            >
              <View className="answer-head">
                <Text className="answer-about">{aboutOf(a)}</Text>
                <View className="answer-tags">
                  {a.unread && <Text className="answer-new">{ax('newReply')}</Text>}
                  <Text className={`answer-status is-${a.status === ANSWER_STATUS.answered ? 'answered' : 'open'}`}>
                    {a.status === ANSWER_STATUS.answered ? ax('answered') : ax('open')}
                  </Text>
                </View>
              </View>
              <Text className="answer-content" userSelect>
                {a.content}
              </Text>
              {urls.length > 0 && (
                <View className="answer-images">
                  {urls.map((u, i) => (
                    <Image
                      key={u}
                      className="answer-image"
                      src={u}
                      mode="aspectFill"
                      lazyLoad
                      onClick={() => Taro.previewImage({ current: urls[i]!, urls }).catch(() => undefined)}
                    />
                  ))}
                </View>
              )}
              <Text className="ask-muted">{ax('asked', { time: formatDate(a.createTime, { time: true }) })}</Text>
              {a.replies.map((r) => (
                <View key={r.replyId} className={`answer-reply answer-reply-${r.replyId}`}>
                  <Text className="answer-reply-who">
                    {`${ax('teacher', { name: r.teacherName })} · ${formatDate(r.createTime, { time: true })}`}
                  </Text>
                  <Text className="answer-reply-text" userSelect>
                    {r.content}
                  </Text>
                </View>
              ))}
              <View className="answer-actions">
                {a.status === ANSWER_STATUS.open && (
                  <Text className="answer-action answer-edit" onClick={() => setEditing(a)}>
                    {ax('edit')}
                  </Text>
                )}
                <Text className="answer-action answer-delete" onClick={() => remove(a)}>
                  {ax('delete')}
                </Text>
              </View>
            </View>
          )
        })}
      {status === 'ready' && rows.length > 0 && (
        <View className="answer-footer" onClick={() => more === 'error' && loadMore()}>
          <Text>
            {more === 'loading'
              ? ax('loadingMore')
              : more === 'error'
                ? t('common.retry')
                : rows.length >= total
                  ? ax('noMore')
                  : ax('loadMore')}
          </Text>
        </View>
      )}

      {editing && (
        <View className="answer-sheet-mask">
          <View className="answer-sheet">
            <Text className="answer-sheet-title">{ax('editTitle')}</Text>
            <AskForm
              initialText={editing.content}
              initialImages={editing.imageList}
              submitText={ax('save')}
              onCancel={() => setEditing(null)}
              onSubmit={async (content, imageList) => {
                const row = await editAnswer(editing.answerId, { content, imageList })
                if (row) setRows((prev) => prev.map((x) => (x.answerId === row.answerId ? row : x)))
                setEditing(null)
                Taro.showToast({ title: ax('saved'), icon: 'none' })
              }}
            />
          </View>
        </View>
      )}
    </View>
  )
}
