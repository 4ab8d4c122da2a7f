import { type FormEvent, useState } from 'react'
import { type AccountRow, type Me, messageOf, type StaffRole, staff } from '../../api'
import { type MessageKey, t } from '../../i18n'
import { ListView, type Notice, NoticeLine, PageHead, useConfirm, useList } from '../../ui'

const ROLES: (StaffRole | '')[] = ['manager', 'teacher', 'assistant', '']
const roleName = (r: StaffRole | '') => t((r ? `role.${r}` : 'role.none') as MessageKey)

/** One account with its role picker; a manager's own row cannot change (the server refuses it too). */
function AccountLine(props: {
  row: AccountRow
  me: Me
  busy: boolean
  onSave: (row: AccountRow, role: StaffRole | '') => void
}) {
  const { row, me } = props
  const [role, setRole] = useState<StaffRole | ''>(row.staffRole)
  const own = row.userId === me.userId
  return (
    <tr className="row" data-account={row.userAccount}>
      <td>
        {row.userAccount}
        {own && <span className="muted">{t('accounts.you')}</span>}
      </td>
      <td className="mono">{row.telPhone}</td>
      <td>{[row.realName, row.nickName].filter(Boolean).join(' / ')}</td>
      <td>
        <select
          className="role-select"
          aria-label={t('accounts.role')}
          value={role}
          disabled={own || props.busy}
          onChange={(e) => setRole(e.target.value as StaffRole | '')}
        >
          {ROLES.map((r) => (
            <option key={r || 'none'} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      </td>
      <td className="actions">
        <button
          type="button"
          className="btn btn-primary role-save"
          disabled={own || props.busy || role === row.staffRole}
          onClick={() => props.onSave(row, role)}
        >
          {props.busy ? t('common.working') : t('accounts.save')}
        </button>
      </td>
    </tr>
  )
}

function AccountTable(props: {
  rows: AccountRow[]
  me: Me
  busy: number | null
  onSave: (row: AccountRow, role: StaffRole | '') => void
}) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th>{t('common.account')}</th>
          <th>{t('accounts.phone')}</th>
          <th>{t('accounts.name')}</th>
          <th>{t('accounts.role')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          // keyed by role too: a saved row starts again from the role the server now has
          <AccountLine
            key={`${r.userId}-${r.staffRole}`}
            row={r}
            me={props.me}
            busy={props.busy === r.userId}
            onSave={props.onSave}
          />
        ))}
      </tbody>
    </table>
  )
}

/** Who of the school's accounts has a staff role; find any account by login name or phone and give it one. */
export function Accounts({ me }: { me: Me }) {
  const list = useList(() => staff.accounts())
  const { ask, dialog } = useConfirm()
  const [busy, setBusy] = useState<number | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<{ account: string; rows: AccountRow[] } | null>(null)
  const [finding, setFinding] = useState(false)

  const find = async (account: string) => {
    setFinding(true)
    setNotice(null)
    try {
      setFound({ account, rows: await staff.accounts(account) })
    } catch (e) {
      setFound(null)
      setNotice({ kind: 'error', text: messageOf(e) })
    } finally {
      setFinding(false)
    }
  }

  const onFind = (e: FormEvent) => {
    e.preventDefault()
    const account = query.trim()
    if (account) void find(account)
  }

  const onSave = async (row: AccountRow, role: StaffRole | '') => {
    const ok = await ask({
      title: t('accounts.role'),
      message: t('accounts.roleConfirm', { account: row.userAccount, role: roleName(role) }),
      confirmLabel: t('accounts.save'),
      danger: row.staffRole === 'manager',
    })
    if (ok === null) return
    setBusy(row.userId)
    setNotice(null)
    try {
      const saved = await staff.setRole(row.userId, role)
      setNotice({
        kind: 'ok',
        text: t('accounts.saved', { account: saved.userAccount, role: roleName(saved.staffRole) }),
      })
    } catch (e) {
      setNotice({ kind: 'error', text: messageOf(e) })
    } finally {
      setBusy(null)
      list.reload()
      if (found) void find(found.account)
    }
  }

  return (
    <section className="page page-accounts">
      <PageHead title={t('accounts.title')} />
      <p className="muted intro">{t('accounts.intro')}</p>
      <NoticeLine notice={notice} />
      <form className="find" onSubmit={onFind}>
        <label className="field">
          <span>{t('accounts.find')}</span>
          <input
            className="find-account"
            value={query}
            maxLength={64}
            placeholder={t('accounts.findPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
        <button type="submit" className="btn find-submit" disabled={finding || !query.trim()}>
          {finding ? t('common.working') : t('accounts.search')}
        </button>
      </form>
      {found &&
        (found.rows.length === 0 ? (
          <p className="state state-empty">{t('accounts.notFound', { account: found.account })}</p>
        ) : (
          <div className="found">
            <AccountTable rows={found.rows} me={me} busy={busy} onSave={onSave} />
          </div>
        ))}
      <h2 className="section-title">{t('accounts.staffList')}</h2>
      <ListView state={list.state} reload={list.reload} empty={t('accounts.empty')}>
        {(rows) => <AccountTable rows={rows} me={me} busy={busy} onSave={onSave} />}
      </ListView>
      {dialog}
    </section>
  )
}
