/**
 * Questions from the learners (Q&A inbox): answer privately, to the asker only, or publicly, to everyone.
 */
import { type FormEvent, useState } from 'react'
import { LIVE } from '../../../../../contract/schemas/live-codes'
import type { LiveQuestion } from '../../../../../contract/schemas/live-interactions'
import { ackText, clock, OutcomeLine, readable, UserName, useAction } from '../common'
import { lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'

function AnswerForm({ q, store }: { q: LiveQuestion; store: RoomStore }) {
  const [text, setText] = useState('')
  const [pub, setPub] = useState(false)
  const { run, busy, outcome } = useAction()
  const send = async (e: FormEvent) => {
    e.preventDefault()
    const ack = await run(
      () => store.send('T_ANSWER', { questionId: q.questionId, content: text.trim(), public: pub }),
      pub ? lt('qa.answeredPublic') : lt('qa.answeredPrivate'),
    )
    if (ack.ok) setText('')
  }
  return (
    <form className="answer-form" onSubmit={send}>
      <textarea
        className="answer-input"
        rows={2}
        maxLength={500}
        placeholder={lt('qa.answerPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="row-fields">
        <label className="check">
          <input type="checkbox" className="answer-public" checked={pub} onChange={(e) => setPub(e.target.checked)} />
          {lt('qa.public')}
        </label>
        <button type="submit" className="btn btn-primary btn-small answer-send" disabled={busy || !text.trim()}>
          {q.answer ? lt('qa.answerAgain') : lt('qa.answer')}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  )
}

export function QuestionsPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [onlyOpen, setOnlyOpen] = useState(false)
  const [page, setPage] = useState(1)
  const [more, setMore] = useState(true)
  // a page of QUESTION_LIST_ALL is full: there may be more
  const mayHaveMore = more && room.questions.length >= LIVE.QUESTION_HISTORY_PAGE * page
  const [error, setError] = useState('')
  const list = onlyOpen ? room.questions.filter((q) => !q.answer) : room.questions
  const loadMore = async () => {
    const ack = await store.send('QUESTION_LIST_ALL', { page: page + 1 })
    const rows = (ack.data as { list?: LiveQuestion[] } | undefined)?.list
    if (!ack.ok || !rows) return setError(ackText(ack))
    setError('')
    for (const q of rows) store.onQuestion(q)
    setPage(page + 1)
    if (rows.length < LIVE.QUESTION_HISTORY_PAGE) setMore(false)
  }
  return (
    <div className="interaction qa">
      <div className="row-fields">
        <label className="check">
          <input type="checkbox" checked={onlyOpen} onChange={(e) => setOnlyOpen(e.target.checked)} />
          {lt('qa.onlyOpen')}
        </label>
        <span className="muted small">{lt('qa.count', { n: room.questions.length })}</span>
      </div>
      {list.length === 0 ? (
        <p className="state state-empty">{lt('qa.empty')}</p>
      ) : (
        <ul className="questions">
          {list.map((q) => (
            <li
              key={q.questionId}
              className={`question ${q.answer ? 'is-answered' : ''}`}
              data-question-id={q.questionId}
            >
              <div className="msg-head">
                <UserName user={q.user} />
                <span className="muted small">{clock(q.time)}</span>
                {q.public && <span className="badge">{lt('qa.publicBadge')}</span>}
                {q.upvotes > 0 && <span className="muted small">{lt('qa.upvotes', { n: q.upvotes })}</span>}
              </div>
              <p className="question-text">{readable(q.content)}</p>
              {q.answer && (
                <p className="question-answer">
                  <span className="muted">{lt('qa.answeredBy', { nick: readable(q.answeredBy?.nick ?? '') })}</span>{' '}
                  {readable(q.answer)}
                </p>
              )}
              <AnswerForm q={q} store={store} />
            </li>
          ))}
        </ul>
      )}
      {mayHaveMore && (
        <button type="button" className="btn btn-plain btn-small" disabled={!room.ready} onClick={loadMore}>
          {lt('qa.more')}
        </button>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
