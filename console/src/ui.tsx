/** Small pieces every desk page uses: a loaded list with its states, a confirm dialog, a notice line, images. */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { messageOf } from './api'
import { t } from './i18n'

export type ListState<T> =
  | { phase: 'loading'; rows?: T[] }
  | { phase: 'error'; error: string; rows?: T[] }
  | { phase: 'ready'; rows: T[] }

/** Loads a list now and on `reload()`; the rows of the last load stay on screen while reloading. */
export function useList<T>(load: () => Promise<T[]>): { state: ListState<T>; reload: () => void } {
  const [state, setState] = useState<ListState<T>>({ phase: 'loading' })
  const seq = useRef(0)
  const loadRef = useRef(load)
  loadRef.current = load
  const reload = useCallback(() => {
    const mine = ++seq.current
    setState((s) => ({ phase: 'loading', rows: s.rows }))
    loadRef.current().then(
      (rows) => mine === seq.current && setState({ phase: 'ready', rows }),
      (e) => mine === seq.current && setState((s) => ({ phase: 'error', error: messageOf(e), rows: s.rows })),
    )
  }, [])
  useEffect(() => {
    reload()
  }, [reload])
  return { state, reload }
}

/** Loading / error / empty for a list; the children render the rows once there are some. */
export function ListView<T>(props: {
  state: ListState<T>
  reload: () => void
  empty: string
  note?: string
  children: (rows: T[]) => ReactNode
}) {
  const { state, reload } = props
  const rows = state.rows ?? []
  return (
    <div className="list">
      <div className="list-bar">
        <span className="muted">
          {state.phase === 'ready' ? t('common.count', { n: rows.length }) : ''}
          {state.phase === 'ready' && props.note && rows.length >= 100 ? ` · ${props.note}` : ''}
        </span>
        <button type="button" className="btn btn-plain" onClick={reload} disabled={state.phase === 'loading'}>
          {t('common.refresh')}
        </button>
      </div>
      {state.phase === 'loading' && !state.rows && (
        <p className="state state-loading" role="status">
          {t('common.loading')}
        </p>
      )}
      {state.phase === 'error' && (
        <div className="state state-error" role="alert">
          <span>{t('common.loadFailed', { reason: state.error })}</span>
          <button type="button" className="btn" onClick={reload}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {state.phase === 'ready' && rows.length === 0 && <p className="state state-empty">{props.empty}</p>}
      {rows.length > 0 && props.children(rows)}
    </div>
  )
}

export interface Ask {
  title: string
  message?: string
  confirmLabel: string
  danger?: boolean
  /** ask for an optional reason (a rejection the learner reads) */
  reason?: boolean
}

/** A modal confirm: `ask()` resolves with the reason typed ('' when none) or null when cancelled. */
export function useConfirm(): { ask: (a: Ask) => Promise<string | null>; dialog: ReactNode } {
  const [open, setOpen] = useState<(Ask & { resolve: (v: string | null) => void }) | null>(null)
  const [reason, setReason] = useState('')
  const ask = useCallback(
    (a: Ask) =>
      new Promise<string | null>((resolve) => {
        setReason('')
        setOpen({ ...a, resolve })
      }),
    [],
  )
  const close = (v: string | null) => {
    open?.resolve(v)
    setOpen(null)
  }
  const dialog = open ? (
    <div
      className="dialog-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close(null)
      }}
    >
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">
        <h2 id="dialog-title">{open.title}</h2>
        {open.message && <p>{open.message}</p>}
        {open.reason && (
          <label className="field">
            <span>{t('common.reasonOptional')}</span>
            <textarea
              autoFocus
              className="dialog-reason"
              maxLength={200}
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-plain dialog-cancel" onClick={() => close(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            autoFocus={!open.reason}
            className={`btn dialog-confirm ${open.danger ? 'btn-danger' : 'btn-primary'}`}
            onClick={() => close(reason.trim())}
          >
            {open.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  ) : null
  return { ask, dialog }
}

export interface Notice {
  kind: 'ok' | 'error'
  text: string
}

/**
 * Runs one decision: asks first, then calls, then tells the outcome and reloads the list (also after a refusal:
 * someone else may have decided the row meanwhile). `busy` names the row being decided.
 */
export function useDecide(reload: () => void) {
  const { ask, dialog } = useConfirm()
  const [busy, setBusy] = useState<string | number | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const decide = async (
    id: string | number,
    question: Ask,
    run: (reason: string) => Promise<unknown>,
    done: string,
  ) => {
    const reason = await ask(question)
    if (reason === null) return
    setBusy(id)
    setNotice(null)
    try {
      await run(reason)
      setNotice({ kind: 'ok', text: done })
    } catch (e) {
      setNotice({ kind: 'error', text: messageOf(e) })
    } finally {
      setBusy(null)
      reload()
    }
  }
  return { decide, busy, notice, dialog }
}

/** What a decision queue's rows decide with: `useDecide`'s result. */
export type Decisions = ReturnType<typeof useDecide>

/**
 * A queue of decisions (refunds, identity certifications, photo checks, invoices, certificates): the heading, the last result, the list
 * with its loading, empty and retry states, and the confirm dialog; each row draws its own facts.
 */
export function DecisionQueue<T>(props: {
  className: string
  title: string
  empty: string
  note?: string
  load: () => Promise<T[]>
  children: (rows: T[], d: Decisions) => ReactNode
}) {
  const { state, reload } = useList(props.load)
  const d = useDecide(reload)
  return (
    <section className={`page ${props.className}`}>
      <PageHead title={props.title} />
      <NoticeLine notice={d.notice} />
      <ListView state={state} reload={reload} empty={props.empty} note={props.note}>
        {(rows) => props.children(rows, d)}
      </ListView>
      {d.dialog}
    </section>
  )
}

/** A row's approve and reject buttons: each asks first (reject may ask for a reason), then runs and reports. */
export function ApproveReject(props: {
  id: string | number
  d: Decisions
  approve: { ask: Ask; run: () => Promise<unknown>; done: string }
  reject: { ask: Ask; run: (reason: string | undefined) => Promise<unknown>; done: string }
}) {
  const { id, d, approve, reject } = props
  return (
    <>
      <button
        type="button"
        className="btn btn-primary approve"
        disabled={d.busy !== null}
        onClick={() => d.decide(id, approve.ask, () => approve.run(), approve.done)}
      >
        {d.busy === id ? t('common.working') : t('common.approve')}
      </button>
      <button
        type="button"
        className="btn reject"
        disabled={d.busy !== null}
        onClick={() => d.decide(id, reject.ask, (reason) => reject.run(reason || undefined), reject.done)}
      >
        {t('common.reject')}
      </button>
    </>
  )
}

/** A success line shows this long, then goes (errors stay until the next action replaces them). */
export const OK_NOTICE_MS = 4000

/**
 * The notice to show now: an `ok` one (a success banner) goes after OK_NOTICE_MS by itself (issue 25: they never
 * cleared); the next action replaces any notice anyway. The same words reported again are a new notice and show.
 */
export function useFading<T extends object>(notice: T | null, ok: (n: T) => boolean): T | null {
  const [gone, setGone] = useState<T | null>(null)
  const fades = !!notice && ok(notice)
  useEffect(() => {
    if (!notice || !fades) return
    const timer = setTimeout(() => setGone(notice), OK_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [notice, fades])
  return notice && gone === notice ? null : notice
}

export function NoticeLine({ notice: given }: { notice: Notice | null }) {
  const notice = useFading(given, (n) => n.kind === 'ok')
  if (!notice) return null
  return (
    <p className={`notice notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
    </p>
  )
}

/** A thumbnail that opens the full image in a new tab. */
/** An address the desk opens: a path of this server or an http(s) URL; never javascript:, data: or `//host`. */
const openable = (src: string) => /^(\/(?![/\\])|https?:\/\/)/i.test(src)

export function Thumb({ src, label }: { src: string | null | undefined; label: string }) {
  // uploads are stored as /oss/<key> (docs/DECISIONS.md "Upload fields"); anything else is not shown or linked
  if (!src || !openable(src)) return <span className="thumb thumb-none">{t('common.noImage')}</span>
  return (
    <a className="thumb" href={src} target="_blank" rel="noreferrer" title={t('common.openImage')}>
      <img src={src} alt={label} loading="lazy" />
      <span className="thumb-label">{label}</span>
    </a>
  )
}

const pad = (n: number) => String(n).padStart(2, '0')

/** 2026-03-01 09:30 in the browser's time zone; '' for no time. */
export function fmtTime(value: string | null | undefined): string {
  if (!value) return ''
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export function PageHead({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-head">
      <h1>{title}</h1>
      {children}
    </header>
  )
}
