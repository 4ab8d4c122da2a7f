import { formatPrice } from '../../../../shared/rules/money'
import { staff } from '../../api'
import { t } from '../../i18n'
import { DecisionQueue } from '../../ui'

/** Requested invoices, oldest first: once issued (outside, by the school's invoicing) they are marked so here. */
export function Invoices() {
  return (
    <DecisionQueue
      className="page-invoices"
      title={t('invoices.title')}
      empty={t('invoices.empty')}
      load={staff.invoices}
    >
      {(rows, { decide, busy }) => (
        <table className="table">
          <thead>
            <tr>
              <th>{t('common.account')}</th>
              <th>{t('invoices.titleType')}</th>
              <th>{t('invoices.invoiceTitle')}</th>
              <th>{t('invoices.taxNo')}</th>
              <th>{t('invoices.email')}</th>
              <th className="num">{t('invoices.amount')}</th>
              <th>{t('invoices.orders')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.invoiceId} className="row">
                <td>{r.userAccount}</td>
                <td>{r.titleType === 2 ? t('invoices.company') : t('invoices.personal')}</td>
                <td className="wrap">{r.title}</td>
                <td className="mono">{r.taxNo}</td>
                <td>{r.email}</td>
                <td className="num">{formatPrice(r.amount)}</td>
                <td className="mono">{r.orderIds.join(', ')}</td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn-primary issue"
                    disabled={busy !== null}
                    onClick={() =>
                      decide(
                        r.invoiceId,
                        {
                          title: t('invoices.issue'),
                          message: t('invoices.issueConfirm', {
                            email: r.email,
                            title: r.title,
                            amount: formatPrice(r.amount),
                          }),
                          confirmLabel: t('invoices.issue'),
                        },
                        () => staff.issueInvoice(r.invoiceId),
                        t('invoices.issued', { title: r.title }),
                      )
                    }
                  >
                    {busy === r.invoiceId ? t('common.working') : t('invoices.issue')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DecisionQueue>
  )
}
