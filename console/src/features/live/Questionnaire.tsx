/**
 * Questionnaires and test questions. A questionnaire is built here (single / multiple choice and text items, within
 * INTERACTION bounds), published, watched live (results pushed to moderators) and stopped; the teacher chooses
 * whether learners see the results. A test question is picked from the school's bank (the console's question
 * picker), pushed with a time limit, watched live (answered, right rate, distribution) and stopped; everyone then
 * gets the right answer.
 */
import { type FormEvent, useEffect, useState } from 'react'
import { INTERACTION, type QuestionnaireItem } from '../../../../contract/schemas/live-interactions'
import { messageOf } from '../../api'
import { type BankQuestion, type BankRow, liveApi } from './api'
import { Bar, Countdown, htmlText, OutcomeLine, readable, useAction } from './common'
import { type LiveKey, lt } from './i18n'
import type { RoomState, RoomStore } from './room'

type Draft = { type: 'single' | 'multiple' | 'text'; title: string; options: string[] }

const newItem = (): Draft => ({ type: 'single', title: '', options: ['', ''] })

const TYPE_KEY: Record<Draft['type'], LiveKey> = {
  single: 'qn.single',
  multiple: 'qn.multiple',
  text: 'qn.text',
}

function QuestionnaireResults({ room }: { room: RoomState }) {
  const q = room.questionnaire!
  const r = q.result
  return (
    <div className="qn-results">
      <p className="big-count">
        <span className="qn-answered">{r?.answered ?? 0}</span> <span className="muted">{lt('qn.answered')}</span>
      </p>
      {q.items.map((item, i) => {
        const res = r?.items[i]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed once published
          <div key={i} className="qn-item-result">
            <p className="strong">
              {i + 1}. {readable(item.title)} <span className="muted small">({lt(TYPE_KEY[item.type])})</span>
            </p>
            {item.type !== 'text' ? (
              item.options.map((o, j) => (
                <Bar
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed once published
                  key={j}
                  label={`${String.fromCharCode(65 + j)}. ${readable(o)}`}
                  n={res && res.type !== 'text' ? (res.counts[j] ?? 0) : 0}
                  total={r?.answered ?? 0}
                />
              ))
            ) : res && res.type === 'text' && res.texts.length > 0 ? (
              <ul className="texts">
                {res.texts.map((t, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the latest texts, in order
                  <li key={j}>{readable(t)}</li>
                ))}
              </ul>
            ) : (
              <p className="muted small">{lt('qn.noTexts')}</p>
            )}
          </div>
        )
      })}
    </div>
  )
}

export function QuestionnairePanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [title, setTitle] = useState('')
  const [items, setItems] = useState<Draft[]>(() => [newItem()])
  const [showResults, setShowResults] = useState(true)
  const { run, busy, outcome, setOutcome } = useAction()
  const q = room.questionnaire
  const running = q && !q.stopped

  const patch = (i: number, d: Partial<Draft>) => setItems(items.map((x, j) => (j === i ? { ...x, ...d } : x)))

  const publish = async (e: FormEvent) => {
    e.preventDefault()
    const clean: QuestionnaireItem[] = items.map((x) =>
      x.type === 'text'
        ? { type: 'text', title: x.title.trim() }
        : { type: x.type, title: x.title.trim(), options: x.options.map((o) => o.trim()) },
    )
    const empty = clean.some((x) => !x.title || (x.type !== 'text' && x.options.some((o) => !o)))
    if (!title.trim() || empty) return setOutcome({ ok: false, text: lt('qn.fillAll') })
    await run(() => store.send('START_QUESTIONNAIRE', { title: title.trim(), items: clean, showResults }))
  }

  return (
    <div className="interaction questionnaire">
      {q && (
        <div className="run qn-run" data-questionnaire-id={q.questionnaireId}>
          <div className="run-head">
            <strong>{readable(q.title)}</strong>
            <span className={`badge ${running ? 'state-live' : ''}`}>
              {running ? lt('common.running') : lt('common.stopped')}
            </span>
          </div>
          <QuestionnaireResults room={room} />
          {running && (
            <button
              type="button"
              className="btn btn-danger qn-stop"
              disabled={busy}
              onClick={() => run(() => store.send('STOP_QUESTIONNAIRE', { questionnaireId: q.questionnaireId }))}
            >
              {lt('qn.stop')}
            </button>
          )}
        </div>
      )}
      {!running && (
        <form className="form qn-form" onSubmit={publish}>
          <label className="field">
            <span>{lt('qn.title')}</span>
            <input className="qn-title" maxLength={100} value={title} onChange={(e) => setTitle(e.target.value)} />
          </label>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a draft list edited in place
            <fieldset key={i} className="qn-item">
              <legend>{lt('qn.item', { n: i + 1 })}</legend>
              <div className="row-fields">
                <select
                  className="qn-type"
                  value={item.type}
                  onChange={(e) => patch(i, { type: e.target.value as Draft['type'] })}
                >
                  {(['single', 'multiple', 'text'] as const).map((t) => (
                    <option key={t} value={t}>
                      {lt(TYPE_KEY[t])}
                    </option>
                  ))}
                </select>
                <input
                  className="qn-item-title grow"
                  maxLength={200}
                  placeholder={lt('qn.itemTitle')}
                  value={item.title}
                  onChange={(e) => patch(i, { title: e.target.value })}
                />
                {items.length > 1 && (
                  <button
                    type="button"
                    className="btn btn-plain btn-small"
                    onClick={() => setItems(items.filter((_, j) => j !== i))}
                  >
                    {lt('common.delete')}
                  </button>
                )}
              </div>
              {item.type !== 'text' && (
                <ol className="qn-options">
                  {item.options.map((o, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a draft list edited in place
                    <li key={j} className="row-fields">
                      <input
                        className="qn-option grow"
                        maxLength={100}
                        placeholder={lt('qn.option', { label: String.fromCharCode(65 + j) })}
                        value={o}
                        onChange={(e) =>
                          patch(i, { options: item.options.map((x, k) => (k === j ? e.target.value : x)) })
                        }
                      />
                      {item.options.length > 2 && (
                        <button
                          type="button"
                          className="btn btn-plain btn-small"
                          onClick={() => patch(i, { options: item.options.filter((_, k) => k !== j) })}
                        >
                          {lt('common.delete')}
                        </button>
                      )}
                    </li>
                  ))}
                  {item.options.length < INTERACTION.QUESTIONNAIRE_MAX_OPTIONS && (
                    <li>
                      <button
                        type="button"
                        className="btn btn-plain btn-small qn-add-option"
                        onClick={() => patch(i, { options: [...item.options, ''] })}
                      >
                        {lt('qn.addOption')}
                      </button>
                    </li>
                  )}
                </ol>
              )}
            </fieldset>
          ))}
          {items.length < INTERACTION.QUESTIONNAIRE_MAX_QUESTIONS && (
            <button type="button" className="btn btn-plain qn-add-item" onClick={() => setItems([...items, newItem()])}>
              {lt('qn.addItem')}
            </button>
          )}
          <label className="check">
            <input
              type="checkbox"
              className="qn-show-results"
              checked={showResults}
              onChange={(e) => setShowResults(e.target.checked)}
            />
            {lt('qn.showResults')}
          </label>
          <button type="submit" className="btn btn-primary qn-publish" disabled={busy || !room.ready}>
            {lt('qn.publish')}
          </button>
        </form>
      )}
      <OutcomeLine outcome={outcome} />
    </div>
  )
}

const QTYPE_KEY: Record<number, LiveKey> = { 1: 'qn.single', 2: 'qn.multiple', 3: 'test.judgement' }
const PAGE = 10

function QuestionPicker({ onPick, picked }: { onPick: (q: BankQuestion) => void; picked: BankQuestion | null }) {
  const [banks, setBanks] = useState<BankRow[] | null>(null)
  const [bankId, setBankId] = useState<number | ''>('')
  const [type, setType] = useState<number | ''>('')
  const [keyword, setKeyword] = useState('')
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<{ rows: BankQuestion[]; total: number } | null>(null)
  const [error, setError] = useState('')

  useEffect(() => {
    liveApi.banks().then(
      (b) => {
        setBanks(b)
        const first = b.find((x) => x.questionCount > 0)
        if (first) setBankId(first.bankId)
      },
      (e) => setError(messageOf(e)),
    )
  }, [])

  useEffect(() => {
    if (!bankId) return
    let live = true
    setError('')
    liveApi
      .questions({ bankId, type: type || undefined, keyword: query || undefined, pageNum: page, pageSize: PAGE })
      .then(
        (r) => live && setRows(r),
        (e) => live && setError(messageOf(e)),
      )
    return () => {
      live = false
    }
  }, [bankId, type, query, page])

  if (error)
    return (
      <p className="notice notice-error" role="alert">
        {lt('common.loadFailed', { reason: error })}
      </p>
    )
  if (!banks) return <p className="state state-loading">{lt('common.loading')}</p>
  if (banks.length === 0) return <p className="state state-empty">{lt('test.noBanks')}</p>
  const pages = rows ? Math.max(1, Math.ceil(rows.total / PAGE)) : 1
  return (
    <div className="picker">
      <div className="row-fields">
        <select
          className="picker-bank"
          value={bankId}
          onChange={(e) => {
            setBankId(Number(e.target.value))
            setPage(1)
          }}
        >
          {banks.map((b) => (
            <option key={b.bankId} value={b.bankId}>
              {b.name} ({b.questionCount})
            </option>
          ))}
        </select>
        <select
          className="picker-type"
          value={type}
          onChange={(e) => {
            setType(e.target.value ? Number(e.target.value) : '')
            setPage(1)
          }}
        >
          <option value="">{lt('test.allTypes')}</option>
          {[1, 2, 3].map((t) => (
            <option key={t} value={t}>
              {lt(QTYPE_KEY[t]!)}
            </option>
          ))}
        </select>
        <form
          className="inline-form grow"
          onSubmit={(e) => {
            e.preventDefault()
            setQuery(keyword.trim())
            setPage(1)
          }}
        >
          <input
            className="picker-keyword grow"
            maxLength={50}
            placeholder={lt('test.keyword')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <button type="submit" className="btn btn-small">
            {lt('test.search')}
          </button>
        </form>
      </div>
      {!rows ? (
        <p className="state state-loading">{lt('common.loading')}</p>
      ) : rows.rows.length === 0 ? (
        <p className="state state-empty">{lt('test.noQuestions')}</p>
      ) : (
        <ul className="picker-list">
          {rows.rows.map((q) => (
            <li key={q.questionId}>
              <label className={`pick ${picked?.questionId === q.questionId ? 'pick-on' : ''}`}>
                <input
                  type="radio"
                  name="test-question"
                  className="pick-radio"
                  checked={picked?.questionId === q.questionId}
                  onChange={() => onPick(q)}
                />
                <span className="badge">{lt(QTYPE_KEY[q.type] ?? 'qn.single')}</span>
                <span className="pick-stem">{q.stem}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {rows && pages > 1 && (
        <div className="pager">
          <button
            type="button"
            className="btn btn-plain btn-small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {lt('common.prev')}
          </button>
          <span className="muted small">{lt('common.page', { page, pages })}</span>
          <button
            type="button"
            className="btn btn-plain btn-small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {lt('common.next')}
          </button>
        </div>
      )}
      <p className="muted small">{lt('test.pickerNote')}</p>
    </div>
  )
}

const letters = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .split('')

export function TestPanel({ room, store }: { room: RoomState; store: RoomStore }) {
  const [picked, setPicked] = useState<BankQuestion | null>(null)
  const [limit, setLimit] = useState(60)
  const { run, busy, outcome } = useAction()
  const test = room.test
  const running = test && !test.stopped && Date.now() < test.content.endsAt + 2000
  const r = test?.result
  const right = new Set(r?.answer ?? [])

  return (
    <div className="interaction test">
      {test && (
        <div className="run test-run" data-test-id={test.content.testId}>
          <div className="run-head">
            <strong className="test-stem">{htmlText(test.content.stem)}</strong>
            {running ? (
              <Countdown endsAt={test.content.endsAt} />
            ) : (
              <span className="badge">{lt('common.stopped')}</span>
            )}
          </div>
          <p className="big-count">
            <span className="test-answered">{r?.answered ?? 0}</span>{' '}
            <span className="muted">{lt('test.answered')}</span>
            {' · '}
            <span className="test-rate">{lt('test.rightRate', { pct: Math.round((r?.rightRate ?? 0) * 100) })}</span>
          </p>
          {test.content.options.map(([label, text]) => (
            <Bar
              key={label}
              label={`${label}. ${htmlText(text)}`}
              n={r?.distribution[label] ?? 0}
              total={r?.answered ?? 0}
              right={right.has(label)}
            />
          ))}
          {r && right.size > 0 && (
            <p className="test-answer">
              {lt('test.answerIs', { answer: [...right].join('、') })}
              {r.analysis ? ` · ${htmlText(r.analysis)}` : ''}
            </p>
          )}
          {running && (
            <button
              type="button"
              className="btn btn-danger test-stop"
              disabled={busy}
              onClick={() => run(() => store.stopTest(test.content.testId))}
            >
              {lt('test.stop')}
            </button>
          )}
        </div>
      )}
      {!running && (
        <>
          <QuestionPicker picked={picked} onPick={setPicked} />
          {picked && (
            <div className="test-preview">
              <p className="strong">{picked.stem}</p>
              <ul className="plain-list">
                {picked.options.map(([label, text]) => (
                  <li key={label} className={letters(picked.answer).includes(label) ? 'is-right' : ''}>
                    {label}. {text}
                  </li>
                ))}
              </ul>
              <p className="muted small">{lt('test.answerIs', { answer: letters(picked.answer).join('、') })}</p>
              <form
                className="inline-form"
                onSubmit={(e) => {
                  e.preventDefault()
                  void run(() =>
                    store.send('GET_TEST_QUESTION_CONTENT', { questionId: picked.questionId, limitSeconds: limit }),
                  )
                }}
              >
                <label className="field field-narrow">
                  <span>{lt('test.limit')}</span>
                  <input
                    className="test-limit"
                    type="number"
                    min={INTERACTION.TEST_MIN_S}
                    max={INTERACTION.TEST_MAX_S}
                    value={limit}
                    onChange={(e) => setLimit(Number(e.target.value))}
                  />
                </label>
                <button type="submit" className="btn btn-primary test-push" disabled={busy || !room.ready}>
                  {lt('test.push')}
                </button>
              </form>
            </div>
          )}
        </>
      )}
      <OutcomeLine outcome={outcome} />
    </div>
  )
}
