import { staff } from '../../api'
import { t } from '../../i18n'
import { ApproveReject, DecisionQueue, fmtTime, Thumb } from '../../ui'

/**
 * Identity certifications waiting for a person (the local face provider decides none by itself): the name and ID
 * number typed, beside the ID photo and the face photo uploaded. Approval fills the learner's account.
 */
export function Certifications() {
  return (
    <DecisionQueue
      className="page-certifications"
      title={t('certs.title')}
      empty={t('certs.empty')}
      load={staff.certifications}
    >
      {(rows, d) => (
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
                <ApproveReject
                  id={r.userId}
                  d={d}
                  approve={{
                    ask: {
                      title: t('common.approve'),
                      message: t('certs.approveConfirm', { name: r.realName, idCard: r.idCard }),
                      confirmLabel: t('common.approve'),
                    },
                    run: () => staff.decideCertification(r.userId, true),
                    done: t('certs.approved', { name: r.realName }),
                  }}
                  reject={{
                    ask: {
                      title: t('certs.rejectTitle', { name: r.realName }),
                      confirmLabel: t('common.reject'),
                      reason: true,
                    },
                    run: (reason) => staff.decideCertification(r.userId, false, reason),
                    done: t('certs.rejected', { name: r.realName }),
                  }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </DecisionQueue>
  )
}
