/**
 * Test questions: a question picked from the school's bank (./QuestionPicker.tsx), pushed with a time limit, watched
 * live (answered, right rate, distribution) and stopped; everyone then gets the right answer.
 */
import { useState } from 'react'
import { INTERACTION } from '../../../../../contract/schemas/live-interactions'
import type { BankQuestion } from '../api'
import { Bar, Countdown, htmlText, NumberField, OutcomeLine, useAction } from '../common'
import { lt } from '../i18n'
import type { RoomState, RoomStore } from '../room'
import { QuestionPicker } from './QuestionPicker'

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
                <NumberField
                  label={lt('test.limit')}
                  className="test-limit"
                  min={INTERACTION.TEST_MIN_S}
                  max={INTERACTION.TEST_MAX_S}
                  value={limit}
                  onChange={setLimit}
                />
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
