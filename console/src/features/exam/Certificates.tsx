import { staff } from '../../api'
import { t } from '../../i18n'
import { DecisionQueue, fmtTime } from '../../ui'

/** Certificates issued, newest 100: each links to its public verification page and can be revoked. */
export function Certificates() {
  return (
    <DecisionQueue
      className="page-certificates"
      title={t('certificates.title')}
      empty={t('certificates.empty')}
      note={t('common.newest100')}
      load={staff.certificates}
    >
      {(rows, { decide, busy }) => (
        <table className="table">
          <thead>
            <tr>
              <th>{t('certificates.serial')}</th>
              <th>{t('common.account')}</th>
              <th>{t('certificates.realName')}</th>
              <th>{t('certificates.exam')}</th>
              <th className="num">{t('certificates.score')}</th>
              <th>{t('certificates.issuedAt')}</th>
              <th>{t('certificates.status')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.serial} className={`row${r.revokedAt ? ' row-revoked' : ''}`}>
                <td className="mono">
                  <a href={`/verify/certificate/${encodeURIComponent(r.serial)}`} target="_blank" rel="noreferrer">
                    {r.serial}
                  </a>
                </td>
                <td>{r.userAccount}</td>
                <td>{r.realName}</td>
                <td className="wrap">{r.examName}</td>
                <td className="num">{r.score}</td>
                <td>{fmtTime(r.issuedAt)}</td>
                <td>
                  {r.revokedAt ? t('certificates.revokedAt', { date: fmtTime(r.revokedAt) }) : t('certificates.valid')}
                </td>
                <td className="actions">
                  {!r.revokedAt && (
                    <button
                      type="button"
                      className="btn btn-danger-plain revoke"
                      disabled={busy !== null}
                      onClick={() =>
                        decide(
                          r.serial,
                          {
                            title: t('certificates.revoke'),
                            message: t('certificates.revokeConfirm', {
                              serial: r.serial,
                              name: r.realName,
                              exam: r.examName,
                            }),
                            confirmLabel: t('certificates.revoke'),
                            danger: true,
                          },
                          () => staff.revokeCertificate(r.serial),
                          t('certificates.revoked', { serial: r.serial }),
                        )
                      }
                    >
                      {busy === r.serial ? t('common.working') : t('certificates.revoke')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DecisionQueue>
  )
}
