import { staff } from '../api'
import { t } from '../i18n'
import { fmtTime, ListView, NoticeLine, PageHead, Thumb, useDecide, useList } from '../ui'

/**
 * Identity certifications waiting for a person (the local face provider decides none by itself): the name and ID
 * number typed, beside the ID photo and the face photo uploaded. Approval fills the learner's account.
 */
export function Certifications() {
  const { state, reload } = useList(staff.certifications)
  const { decide, busy, notice, dialog } = useDecide(reload)
  return (
    <section className="page page-certifications">
      <PageHead title={t('certs.title')} />
      <NoticeLine notice={notice} />
      <ListView state={state} reload={reload} empty={t('certs.empty')}>
        {(rows) => (
          <ul className="cards">
            {rows.map((r) => (
              <li key={r.userId} className="card row" data-account={r.userAccount}>
                <div className="card-images">
                  <Thumb src={r.idCardImage} label={t('certs.idCardImage')} />
                  <Thumb src={r.faceImage} label={t('certs.faceImage')} />
                </div>
                <dl className="facts">
                  <dt>{t('common.account')}</dt>
                  <dd>{r.userAccount}</dd>
                  <dt>{t('certs.realName')}</dt>
                  <dd className="strong">{r.realName}</dd>
                  <dt>{t('certs.idCard')}</dt>
                  <dd className="mono">{r.idCard}</dd>
                  <dt>{t('certs.submittedAt')}</dt>
                  <dd>{fmtTime(r.submittedAt)}</dd>
                </dl>
                <div className="actions">
                  <button
                    type="button"
                    className="btn btn-primary approve"
                    disabled={busy !== null}
                    onClick={() =>
                      decide(
                        r.userId,
                        {
                          title: t('common.approve'),
                          message: t('certs.approveConfirm', { name: r.realName, idCard: r.idCard }),
                          confirmLabel: t('common.approve'),
                        },
                        () => staff.decideCertification(r.userId, true),
                        t('certs.approved', { name: r.realName }),
                      )
                    }
                  >
                    {busy === r.userId ? t('common.working') : t('common.approve')}
                  </button>
                  <button
                    type="button"
                    className="btn reject"
                    disabled={busy !== null}
                    onClick={() =>
                      decide(
                        r.userId,
                        {
                          title: t('certs.rejectTitle', { name: r.realName }),
                          confirmLabel: t('common.reject'),
                          reason: true,
                        },
                        (reason) => staff.decideCertification(r.userId, false, reason || undefined),
                        t('certs.rejected', { name: r.realName }),
                      )
                    }
                  >
                    {t('common.reject')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListView>
      {dialog}
    </section>
  )
}
