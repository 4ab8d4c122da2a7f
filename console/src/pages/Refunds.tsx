import { formatPrice } from '../../../shared/rules/money'
import { staff } from '../api'
import { t } from '../i18n'
import { fmtTime, ListView, NoticeLine, PageHead, useDecide, useList } from '../ui'

/** Open refund requests, oldest first: approve (the learner loses the goods) or reject with a reason. */
export function Refunds() {
  const { state, reload } = useList(staff.refunds)
  const { decide, busy, notice, dialog } = useDecide(reload)
  return (
    <section className="page page-refunds">
      <PageHead title={t('refunds.title')} />
      <NoticeLine notice={notice} />
      <ListView state={state} reload={reload} empty={t('refunds.empty')}>
        {(rows) => (
          <table className="table">
            <thead>
              <tr>
                <th>{t('refunds.orderNo')}</th>
                <th>{t('common.account')}</th>
                <th className="num">{t('refunds.amount')}</th>
                <th>{t('refunds.reason')}</th>
                <th>{t('refunds.requestedAt')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.orderId} className="row" data-order-no={r.orderNo}>
                  <td className="mono">{r.orderNo}</td>
                  <td>{r.userAccount}</td>
                  <td className="num">{formatPrice(r.payPrice)}</td>
                  <td className="wrap">{r.refundReason}</td>
                  <td>{fmtTime(r.refundRequestedAt)}</td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn btn-primary approve"
                      disabled={busy !== null}
                      onClick={() =>
                        decide(
                          r.orderId,
                          {
                            title: t('refunds.approve'),
                            message: t('refunds.approveConfirm', {
                              orderNo: r.orderNo,
                              amount: formatPrice(r.payPrice),
                            }),
                            confirmLabel: t('refunds.approve'),
                            danger: true,
                          },
                          () => staff.decideRefund(r.orderId, true),
                          t('refunds.approved', { orderNo: r.orderNo }),
                        )
                      }
                    >
                      {busy === r.orderId ? t('common.working') : t('common.approve')}
                    </button>
                    <button
                      type="button"
                      className="btn reject"
                      disabled={busy !== null}
                      onClick={() =>
                        decide(
                          r.orderId,
                          {
                            title: t('refunds.rejectTitle', { orderNo: r.orderNo }),
                            confirmLabel: t('common.reject'),
                            reason: true,
                          },
                          (reason) => staff.decideRefund(r.orderId, false, reason || undefined),
                          t('refunds.rejected', { orderNo: r.orderNo }),
                        )
                      }
                    >
                      {t('common.reject')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListView>
      {dialog}
    </section>
  )
}
