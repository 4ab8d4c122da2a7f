import { useEffect, useState } from 'react'
import { type Me, messageOf, staff } from '../../api'
import { type MessageKey, t } from '../../i18n'
import type { PageName } from '../../router'
import { Link } from '../../router'

interface Waiting {
  page: PageName
  label: MessageKey
  load: () => Promise<unknown[]>
  /** the list the server gives is capped at 100 */
  capped?: boolean
}

const WAITING: Waiting[] = [
  { page: 'refunds', label: 'nav.refunds', load: staff.refunds },
  { page: 'invoices', label: 'nav.invoices', load: staff.invoices },
  { page: 'certifications', label: 'nav.certifications', load: staff.certifications },
  { page: 'photos', label: 'nav.photos', load: staff.photos, capped: true },
]

type Count = { n: number } | { error: string } | null

/** Who is signed in; for a manager, how much waits on each desk page. */
export function Overview({ me }: { me: Me }) {
  const manager = me.staffRole === 'manager'
  const [counts, setCounts] = useState<Count[]>(() => WAITING.map(() => null))
  useEffect(() => {
    if (!manager) return
    let live = true
    WAITING.forEach((w, i) => {
      w.load().then(
        (rows) => live && setCounts((c) => c.map((v, j) => (j === i ? { n: rows.length } : v))),
        (e) => live && setCounts((c) => c.map((v, j) => (j === i ? { error: messageOf(e) } : v))),
      )
    })
    return () => {
      live = false
    }
  }, [manager])
  return (
    <section className="page page-overview">
      <header className="page-head">
        <h1>{t('overview.title')}</h1>
      </header>
      <dl className="facts facts-wide me">
        <dt>{t('overview.account')}</dt>
        <dd className="me-account">
          {me.userAccount}
          {me.nickName ? ` (${me.nickName})` : ''}
        </dd>
        <dt>{t('overview.role')}</dt>
        <dd className="me-role">{t(`role.${me.staffRole}` as MessageKey)}</dd>
        <dt>{t('overview.school')}</dt>
        <dd>{me.tenantName}</dd>
      </dl>
      {manager && (
        <>
          <h2 className="section-title">{t('overview.waiting')}</h2>
          <ul className="tiles">
            {WAITING.map((w, i) => {
              const c = counts[i]
              return (
                <li key={w.page} className={`tile tile-${w.page}`}>
                  <Link to={w.page}>
                    <span className="tile-label">{t(w.label)}</span>
                    <span className="tile-count">
                      {c === null
                        ? '…'
                        : 'error' in c
                          ? '—'
                          : w.capped && c.n >= 100
                            ? t('overview.many', { n: c.n })
                            : c.n}
                    </span>
                    {c && 'error' in c && <span className="tile-error">{c.error}</span>}
                  </Link>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </section>
  )
}
