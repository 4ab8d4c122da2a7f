/** The console's question picker: a question of the school's bank for a test question (./TestPanel.tsx). */
import { useEffect, useState } from 'react'
import { messageOf } from '../../../api'
import { type BankQuestion, type BankRow, liveApi } from '../api'
import { type LiveKey, lt } from '../i18n'

const QTYPE_KEY: Record<number, LiveKey> = { 1: 'qn.single', 2: 'qn.multiple', 3: 'test.judgement' }
const PAGE = 10

export function QuestionPicker({ onPick, picked }: { onPick: (q: BankQuestion) => void; picked: BankQuestion | null }) {
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
