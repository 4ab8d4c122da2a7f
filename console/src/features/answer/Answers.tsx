/**
 * Q and A (docs/DECISIONS.md "Questions and answers"): learners' questions to the school's teachers, the open ones
 * oldest first (answered / all newest first), each with what it is about, its images and the replies so far; a
 * teacher writes a reply under a question and the learner gets a message. Every staff role may answer.
 * Server: server/src/modules/answer/staff.ts.
 */
import { type FormEvent, useState } from 'react'
import { call, messageOf } from '../../api'
import { i18n } from '../../i18n'
import { ListView, type Notice, NoticeLine, PageHead, Thumb, useList } from '../../ui'

const REPLY_MAX = 2000
const SHOWN = 50
const ERROR_STYLE = { color: 'var(--danger)' } as const
const CARD_STYLE = {
  background: 'var(--card)',
  border: '1px solid var(--line)',
  borderRadius: 8,
  padding: 16,
  margin: '12px 0',
  maxWidth: 860,
} as const
const REPLY_STYLE = { borderLeft: '3px solid var(--line)', padding: '4px 12px', margin: '8px 0' } as const

type Status = '0' | '1' | 'all'

export interface AnswerRow {
  answerId: number
  kind: 'course' | 'question'
  content: string
  imageList: string[]
  courseName: string
  sectionName: string
  questionTitle: string
  status: number
  replies: { replyId: number; content: string; teacherName: string; createTime: number }[]
  userAccount: string
  nickName: string
  createTime: number
}

const api = {
  list: (status: Status) => call('GET /staff/answers', { query: { status, pageNum: 1, pageSize: SHOWN } }),
  reply: (answerId: number, content: string) =>
    call('POST /staff/answers/:answerId/reply', { params: { answerId }, body: { content } }),
}

const zh = {
  title: '学员提问',
  intro: '学员在课程和题目上向老师提的问题。回复后学员会在“我的提问”看到，并收到消息通知。',
  'status.0': '待回复',
  'status.1': '已回复',
  'status.all': '全部',
  empty: '没有待处理的提问',
  newest: '显示 {n} 条',
  learner: '学员',
  course: '课程：{name}',
  question: '题目：{title}',
  asked: '提问于 {time}',
  replyBy: '{name} · {time}',
  reply: '回复',
  replyMore: '补充回复',
  sending: '发送中…',
  placeholder: '写下给学员的回复',
  required: '请填写 1-2000 字的回复',
  sent: '已回复，学员会收到通知',
  chars: '{n}/{max}',
  image: '图片 {n}',
}
const en: Record<keyof typeof zh, string> = {
  title: 'Learner questions',
  intro:
    'Questions learners asked about courses and questions. A reply shows in their "My questions" and they get a message.',
  'status.0': 'Waiting',
  'status.1': 'Answered',
  'status.all': 'All',
  empty: 'No questions here',
  newest: 'Showing {n}',
  learner: 'Learner',
  course: 'Course: {name}',
  question: 'Question: {title}',
  asked: 'Asked {time}',
  replyBy: '{name} · {time}',
  reply: 'Reply',
  replyMore: 'Add a reply',
  sending: 'Sending…',
  placeholder: 'Your reply to the learner',
  required: 'Write a reply of 1-2000 characters',
  sent: 'Replied: the learner is told',
  chars: '{n}/{max}',
  image: 'Image {n}',
}
/** this page's texts, in the console's language */
const ax = i18n.scope('answers', zh, en)

const pad = (n: number) => String(n).padStart(2, '0')
const fmtSeconds = (s: number) => {
  const d = new Date(s * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

function ReplyForm({ row, onSent }: { row: AnswerRow; onSent: (text: string) => void }) {
  const [text, setText] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const content = text.trim()
    if (!content || content.length > REPLY_MAX) {
      setError(ax('required'))
      return
    }
    setBusy(true)
    setError('')
    try {
      await api.reply(row.answerId, content)
      setText('')
      onSent(ax('sent'))
    } catch (err) {
      setError(messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="answer-reply-form" onSubmit={submit} noValidate>
      <textarea
        className="answer-reply-input"
        rows={3}
        value={text}
        maxLength={REPLY_MAX}
        placeholder={ax('placeholder')}
        aria-invalid={!!error}
        onChange={(e) => setText(e.target.value)}
        style={{ width: '100%' }}
      />
      {error ? (
        <small className="answer-reply-error" style={ERROR_STYLE} role="alert">
          {error}
        </small>
      ) : (
        <small className="muted">{ax('chars', { n: text.trim().length, max: REPLY_MAX })}</small>
      )}
      <div>
        <button type="submit" className="btn btn-primary answer-reply-send" disabled={busy}>
          {busy ? ax('sending') : row.replies.length > 0 ? ax('replyMore') : ax('reply')}
        </button>
      </div>
    </form>
  )
}

function AnswerList({ status, onNotice }: { status: Status; onNotice: (n: Notice | null) => void }) {
  const { state, reload } = useList(() => api.list(status).then((p) => p.rows))
  return (
    <ListView state={state} reload={reload} empty={ax('empty')}>
      {(rows) => (
        <>
          {rows.length >= SHOWN && <p className="muted">{ax('newest', { n: SHOWN })}</p>}
          {rows.map((r) => (
            <article key={r.answerId} className={`answer-row answer-${r.answerId}`} style={CARD_STYLE}>
              <div className="muted">
                {`${ax('learner')}: ${r.nickName || r.userAccount} (${r.userAccount}) · ${ax('asked', { time: fmtSeconds(r.createTime) })} · ${ax(`status.${r.status === 1 ? '1' : '0'}`)}`}
              </div>
              <div className="muted">
                {r.kind === 'question'
                  ? ax('question', { title: r.questionTitle })
                  : ax('course', { name: [r.courseName, r.sectionName].filter(Boolean).join(' · ') })}
              </div>
              <p className="wrap answer-content" style={{ whiteSpace: 'pre-wrap' }}>
                {r.content}
              </p>
              {r.imageList.length > 0 && (
                <div className="answer-images" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                  {r.imageList.map((u, i) => (
                    <Thumb key={u} src={u} label={ax('image', { n: i + 1 })} />
                  ))}
                </div>
              )}
              {r.replies.map((x) => (
                <div key={x.replyId} className="answer-reply" style={REPLY_STYLE}>
                  <small className="muted">
                    {ax('replyBy', { name: x.teacherName, time: fmtSeconds(x.createTime) })}
                  </small>
                  <p className="wrap" style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>
                    {x.content}
                  </p>
                </div>
              ))}
              <ReplyForm
                row={r}
                onSent={(text) => {
                  onNotice({ kind: 'ok', text })
                  reload()
                }}
              />
            </article>
          ))}
        </>
      )}
    </ListView>
  )
}

export function Answers() {
  const [status, setStatus] = useState<Status>('0')
  const [notice, setNotice] = useState<Notice | null>(null)
  return (
    <section className="page page-answers">
      <PageHead title={ax('title')} />
      <p className="muted">{ax('intro')}</p>
      <div className="tabs" role="tablist">
        {(['0', '1', 'all'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === status}
            className={`btn ${s === status ? 'btn-primary' : 'btn-plain'} answers-tab-${s}`}
            onClick={() => {
              setStatus(s)
              setNotice(null)
            }}
          >
            {ax(`status.${s}`)}
          </button>
        ))}
      </div>
      <NoticeLine notice={notice} />
      <AnswerList key={status} status={status} onNotice={setNotice} />
    </section>
  )
}
