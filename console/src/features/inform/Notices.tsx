/**
 * Announcements (docs/DECISIONS.md "Messages"): the manager writes a title and a text and sends it to every learner
 * of the school (each gets it in their messages, 学校公告); below, the announcements sent, newest first, with how
 * many learners got and read each. Sending asks first: an announcement cannot be taken back.
 */
import { type FormEvent, useState } from 'react'
import { call, messageOf } from '../../api'
import { i18n } from '../../i18n'
import { ListView, type Notice, NoticeLine, PageHead, useConfirm, useList } from '../../ui'

const TITLE_MAX = 200
const CONTENT_MAX = 5000
const SHOWN = 50
// the desk's shared stylesheet has no form block of this shape: the few rules live here
const FORM_STYLE = {
  maxWidth: 720,
  background: 'var(--card)',
  border: '1px solid var(--line)',
  borderRadius: 8,
  padding: 16,
  margin: '12px 0',
} as const
const ERROR_STYLE = { color: 'var(--danger)' } as const

export interface NoticeRow {
  noticeId: number
  title: string
  content: string
  recipients: number
  readCount: number
  senderAccount: string
  createTime: number
}

const api = {
  list: () => call('GET /staff/notices', { query: { pageNum: 1, pageSize: SHOWN } }),
  send: (title: string, content: string) => call('POST /staff/notices', { body: { title, content } }),
}

const zh = {
  title: '学校公告',
  intro: '公告会发送到本校每位学员的“消息通知”，发送后不能撤回。',
  'field.title': '标题',
  'field.content': '内容',
  send: '发送公告',
  sending: '发送中…',
  confirmTitle: '发送公告',
  confirmMessage: '“{title}”将发送给本校全部学员，发送后不能撤回。',
  sent: '已发送给 {n} 位学员',
  titleRequired: '请填写标题（最多 200 字）',
  contentRequired: '请填写内容（最多 5000 字）',
  empty: '还没有发送过公告',
  sentList: '已发送的公告',
  newest: '显示最新的 {n} 条',
  'col.time': '发送时间',
  'col.title': '标题',
  'col.content': '内容',
  'col.recipients': '收到',
  'col.read': '已读',
  'col.sender': '发送人',
  operator: '系统',
  chars: '{n}/{max}',
}
const en: Record<keyof typeof zh, string> = {
  title: 'Announcements',
  intro: "An announcement goes to every learner of the school, in their Messages. It can't be taken back.",
  'field.title': 'Title',
  'field.content': 'Text',
  send: 'Send announcement',
  sending: 'Sending…',
  confirmTitle: 'Send announcement',
  confirmMessage: '“{title}” goes to every learner of the school and cannot be taken back.',
  sent: 'Sent to {n} learners',
  titleRequired: 'Enter a title (up to 200 characters)',
  contentRequired: 'Enter the text (up to 5000 characters)',
  empty: 'No announcement sent yet',
  sentList: 'Sent announcements',
  newest: 'Showing the newest {n}',
  'col.time': 'Sent',
  'col.title': 'Title',
  'col.content': 'Text',
  'col.recipients': 'Got it',
  'col.read': 'Read',
  'col.sender': 'By',
  operator: 'System',
  chars: '{n}/{max}',
}
/** this page's texts, in the console's language */
const nx = i18n.scope('notices', zh, en)

const pad = (n: number) => String(n).padStart(2, '0')
const fmtSeconds = (s: number) => {
  const d = new Date(s * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function Notices() {
  const { state, reload } = useList(() => api.list().then((p) => p.rows))
  const { ask, dialog } = useConfirm()
  const [title, setTitle] = useState('')
  const [content, setContent] = useState('')
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({})
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<Notice | null>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const tt = title.trim()
    const ct = content.trim()
    const errs = {
      ...(tt && tt.length <= TITLE_MAX ? {} : { title: nx('titleRequired') }),
      ...(ct && ct.length <= CONTENT_MAX ? {} : { content: nx('contentRequired') }),
    }
    setErrors(errs)
    if (errs.title || errs.content) return
    const ok = await ask({
      title: nx('confirmTitle'),
      message: nx('confirmMessage', { title: tt }),
      confirmLabel: nx('send'),
    })
    if (ok === null) return
    setBusy(true)
    setNotice(null)
    try {
      const r = await api.send(tt, ct)
      setNotice({ kind: 'ok', text: nx('sent', { n: r.recipients }) })
      setTitle('')
      setContent('')
      reload()
    } catch (err) {
      setNotice({ kind: 'error', text: messageOf(err) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="page page-notices">
      <PageHead title={nx('title')} />
      <p className="muted">{nx('intro')}</p>
      <form className="notice-form" style={FORM_STYLE} onSubmit={submit} noValidate>
        <label className="field">
          <span>{nx('field.title')}</span>
          <input
            className="notice-title"
            value={title}
            maxLength={TITLE_MAX}
            aria-invalid={!!errors.title}
            onChange={(e) => setTitle(e.target.value)}
          />
          {errors.title ? (
            <small className="notice-field-error" style={ERROR_STYLE} role="alert">
              {errors.title}
            </small>
          ) : (
            <small className="muted">{nx('chars', { n: title.trim().length, max: TITLE_MAX })}</small>
          )}
        </label>
        <label className="field">
          <span>{nx('field.content')}</span>
          <textarea
            className="notice-content"
            rows={6}
            value={content}
            maxLength={CONTENT_MAX}
            aria-invalid={!!errors.content}
            onChange={(e) => setContent(e.target.value)}
          />
          {errors.content ? (
            <small className="notice-field-error" style={ERROR_STYLE} role="alert">
              {errors.content}
            </small>
          ) : (
            <small className="muted">{nx('chars', { n: content.trim().length, max: CONTENT_MAX })}</small>
          )}
        </label>
        <button type="submit" className="btn btn-primary notice-send" disabled={busy}>
          {busy ? nx('sending') : nx('send')}
        </button>
      </form>
      <NoticeLine notice={notice} />
      <h2 className="section-title">{nx('sentList')}</h2>
      <ListView state={state} reload={reload} empty={nx('empty')}>
        {(rows) => (
          <>
            {rows.length >= SHOWN && <p className="muted">{nx('newest', { n: SHOWN })}</p>}
            <table className="table">
              <thead>
                <tr>
                  <th>{nx('col.time')}</th>
                  <th>{nx('col.title')}</th>
                  <th>{nx('col.content')}</th>
                  <th className="num">{nx('col.recipients')}</th>
                  <th className="num">{nx('col.read')}</th>
                  <th>{nx('col.sender')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.noticeId} className={`row notice-${r.noticeId}`}>
                    <td className="mono">{fmtSeconds(r.createTime)}</td>
                    <td className="wrap">{r.title}</td>
                    <td className="wrap notice-text" style={{ whiteSpace: 'pre-line' }}>
                      {r.content}
                    </td>
                    <td className="num">{r.recipients}</td>
                    <td className="num">{r.readCount}</td>
                    <td>{r.senderAccount || nx('operator')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </ListView>
      {dialog}
    </section>
  )
}
