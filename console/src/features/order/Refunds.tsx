import { formatPrice } from '../../../../shared/rules/money'
import { staff } from '../../api'
import { t } from '../../i18n'
import { ApproveReject, DecisionQueue, fmtTime } from '../../ui'

/** Open refund requests, oldest first: approve (the learner loses the goods) or reject with a reason. */
export function Refunds() {
  return (
    <DecisionQueue className="page-refunds" title={t('refunds.title')} empty={t('refunds.empty')} load={staff.refunds}>
      {(rows, d) => (
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
                  <ApproveReject
                    id={r.orderId}
                    d={d}
                    approve={{
                      ask: {
                        title: t('refunds.approve'),
                        message: t('refunds.approveConfirm', { orderNo: r.orderNo, amount: formatPrice(r.payPrice) }),
                        confirmLabel: t('refunds.approve'),
                        danger: true,
                      },
                      run: () => staff.decideRefund(r.orderId, true),
                      done: t('refunds.approved', { orderNo: r.orderNo }),
                    }}
                    reject={{
                      ask: {
                        title: t('refunds.rejectTitle', { orderNo: r.orderNo }),
                        confirmLabel: t('common.reject'),
                        reason: true,
                      },
                      run: (reason) => staff.decideRefund(r.orderId, false, reason),
                      done: t('refunds.rejected', { orderNo: r.orderNo }),
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DecisionQueue>
  )
}
