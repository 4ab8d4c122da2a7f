/**
 * Questionnaires: built here (single / multiple choice and text items, within INTERACTION bounds), published, watched
 * live (results pushed to moderators) and stopped; the teacher chooses whether learners see the results.
 */
import { type FormEvent, useState } from 'react'
import { INTERACTION, type QuestionnaireItem } from '../../../../../contract/schemas/live-interactions'
import { Bar, OutcomeLine, readable, useAction } from '../common'
import { type LiveKey, lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'

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
