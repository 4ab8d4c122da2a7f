import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { Field, TextInput } from '@/components/form'
import type { FormErrors } from '@/components/form/errors'
import { hasErrors } from '@/components/form/errors'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { applyInvoice, cancelInvoice, canInvoiceList, type Invoice, invoiceList, type Order } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import {
  EMAIL_MAX,
  type InvoiceField,
  invoiceBody,
  TITLE_MAX,
  TITLE_TYPE,
  type TitleType,
  validateInvoice,
} from '@/lib/invoice'
import { formatPrice } from '../../../../shared/rules/money'
import { requireLogin } from '../orders/guard'
import { canCancelInvoice, invoiceStatusKey, parseIds } from '../orders/status'
import '../orders/order.scss'
import './invoice.scss'

const PAGE_SIZE = 20

/** Invoices: request one for paid orders (canInvoiceList), and my requests (cancel while not issued). */
export default function InvoicePage() {
  const { params } = useRouter()
  const preselect = parseIds(params.orderId)[0]

  const [orders, setOrders] = useState<Order[]>([])
  const [chosen, setChosen] = useState<number[]>([])
  const [titleType, setTitleType] = useState<TitleType>(TITLE_TYPE.personal)
  const [title, setTitle] = useState('')
  const [taxNo, setTaxNo] = useState('')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FormErrors<InvoiceField>>({})
  const { submitting, run } = useSubmit()

  const [invoices, setInvoices] = useState<Invoice[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const pageRef = useRef(1)
  const firstLoad = useRef(true)
  const [more, setMore] = useState(false)

  const load = async () => {
    const opts = { noLoading: true }
    const [can, mine] = await Promise.allSettled([
      canInvoiceList(opts),
      invoiceList({ pageNum: 1, pageSize: PAGE_SIZE }, opts),
    ])
    if (can.status === 'fulfilled') {
      setOrders(can.value)
      const ids = can.value.map((o) => o.orderId)
      // the order the learner came from is chosen once, on the first load
      const add = firstLoad.current && preselect && ids.includes(preselect) ? preselect : undefined
      firstLoad.current = false
      setChosen((prev) => {
        const kept = prev.filter((id) => ids.includes(id))
        return add !== undefined && !kept.includes(add) ? [...kept, add] : kept
      })
    }
    if (mine.status === 'fulfilled') {
      pageRef.current = 1
      setInvoices(mine.value.rows)
      setTotal(mine.value.total)
    }
    setStatus((s) => (can.status === 'rejected' && mine.status === 'rejected' && s !== 'ready' ? 'error' : 'ready'))
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load()
  })

  usePullDownRefresh(() => {
    load().finally(() => Taro.stopPullDownRefresh())
  })

  useReachBottom(() => {
    if (more || invoices.length >= total) return
    const next = pageRef.current + 1
    setMore(true)
    invoiceList({ pageNum: next, pageSize: PAGE_SIZE }, { noLoading: true })
      .then((page) => {
        pageRef.current = next
        setInvoices((prev) => [...prev, ...page.rows.filter((r) => !prev.some((p) => p.invoiceId === r.invoiceId))])
        setTotal(page.total)
      })
      .catch(() => undefined)
      .finally(() => setMore(false))
  })

  const toggle = (orderId: number) =>
    setChosen((prev) => (prev.includes(orderId) ? prev.filter((id) => id !== orderId) : [...prev, orderId]))

  const amount = orders.filter((o) => chosen.includes(o.orderId)).reduce((s, o) => s + o.payPrice, 0)

  const submit = () => {
    if (submitting) return
    const form = { orderIds: chosen, titleType, title, taxNo, email }
    const e = validateInvoice(form)
    setErrors(e)
    if (hasErrors(e)) {
      if (e.orderIds) Taro.showToast({ title: t(e.orderIds), icon: 'none' })
      return
    }
    run(async () => {
      await applyInvoice(invoiceBody(form))
      Taro.showToast({ title: t('order.invoice.submitted'), icon: 'success' })
      setChosen([])
      await load()
    })
  }

  const onCancel = async (inv: Invoice) => {
    const res = await Taro.showModal({
      title: t('common.tip'),
      content: t('order.invoice.cancelConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!res.confirm) return
    try {
      await cancelInvoice(inv.invoiceId)
      Taro.showToast({ title: t('order.invoice.cancelled'), icon: 'none' })
    } catch {
      // shown by the request layer
    }
    await load()
  }

  return (
    <View className="page order-page invoice-page" style={themeStyle}>
      <NavBar title={t('order.invoice.title')} />
      {status === 'loading' && <PageLoading rows={2} />}
      {status === 'error' && <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />}
      {status === 'ready' && (
        <>
          <View className="order-card invoice-apply">
            <Text className="order-card-title">{t('order.invoice.apply')}</Text>
            <Text className="order-card-sub">{t('order.invoice.chooseOrders')}</Text>
            {orders.length === 0 ? (
              <Text className="invoice-none">{t('order.invoice.noOrders')}</Text>
            ) : (
              <View className={`invoice-orders${errors.orderIds ? ' has-error' : ''}`}>
                {orders.map((o) => (
                  <View
                    key={o.orderId}
                    className={`invoice-order invoice-order-${o.orderId}${chosen.includes(o.orderId) ? ' is-checked' : ''}`}
                    onClick={() => toggle(o.orderId)}
                  >
                    <View className="invoice-check" />
                    <View className="invoice-order-main">
                      <Text className="invoice-order-name">{o.goods.map((g) => g.goodsName).join('、')}</Text>
                      <Text className="invoice-order-no">{t('order.list.no', { no: o.orderNo })}</Text>
                    </View>
                    <Text className="invoice-order-price">{formatPrice(o.payPrice)}</Text>
                  </View>
                ))}
              </View>
            )}
            {orders.length > 0 && (
              <>
                <Field label={t('order.invoice.type')}>
                  <View className="invoice-types">
                    <Text
                      className={`invoice-type invoice-type-personal${titleType === TITLE_TYPE.personal ? ' is-active' : ''}`}
                      onClick={() => setTitleType(TITLE_TYPE.personal)}
                    >
                      {t('order.invoice.personal')}
                    </Text>
                    <Text
                      className={`invoice-type invoice-type-company${titleType === TITLE_TYPE.company ? ' is-active' : ''}`}
                      onClick={() => setTitleType(TITLE_TYPE.company)}
                    >
                      {t('order.invoice.company')}
                    </Text>
                  </View>
                </Field>
                <Field label={t('order.invoice.head')} error={errors.title}>
                  <TextInput
                    className="invoice-title"
                    value={title}
                    onChange={setTitle}
                    maxlength={TITLE_MAX}
                    placeholder={t('order.invoice.headPlaceholder')}
                  />
                </Field>
                {titleType === TITLE_TYPE.company && (
                  <Field label={t('order.invoice.taxNo')} error={errors.taxNo}>
                    <TextInput
                      className="invoice-taxno"
                      value={taxNo}
                      onChange={setTaxNo}
                      maxlength={20}
                      placeholder={t('order.invoice.taxNoPlaceholder')}
                    />
                  </Field>
                )}
                <Field label={t('order.invoice.email')} error={errors.email}>
                  <TextInput
                    className="invoice-email"
                    value={email}
                    onChange={setEmail}
                    maxlength={EMAIL_MAX}
                    placeholder={t('order.invoice.emailPlaceholder')}
                  />
                </Field>
                <View className="invoice-amount">
                  <Text>{t('order.invoice.amount')}</Text>
                  <Text className="order-item-price">{formatPrice(amount)}</Text>
                </View>
                <Button
                  className={`form-submit invoice-submit${submitting ? ' is-busy' : ''}`}
                  disabled={submitting || undefined}
                  onClick={submit}
                >
                  {t('order.invoice.submit')}
                </Button>
              </>
            )}
          </View>

          <View className="invoice-section-title">
            <Text>{t('order.invoice.mine')}</Text>
          </View>
          {invoices.length === 0 ? (
            <Empty text={t('order.invoice.empty')} />
          ) : (
            <View className="order-list">
              {invoices.map((inv) => (
                <View key={inv.invoiceId} className={`order-card invoice-item invoice-item-${inv.invoiceId}`}>
                  <View className="order-item-head">
                    <Text className="invoice-item-title">{inv.title}</Text>
                    <Text className={`invoice-status is-${inv.invoiceStatus}`}>
                      {t(invoiceStatusKey(inv.invoiceStatus))}
                    </Text>
                  </View>
                  <Text className="order-card-sub">{t('order.invoice.orders', { nos: inv.orderNos.join(', ') })}</Text>
                  {!!inv.taxNo && <Text className="order-card-sub">{`${t('order.invoice.taxNo')}: ${inv.taxNo}`}</Text>}
                  <Text className="order-card-sub">{t('order.invoice.emailLine', { email: inv.email })}</Text>
                  <View className="order-item-foot">
                    <Text className="order-item-time">
                      {formatDate(inv.createTime, { time: true, year: 'always' })}
                    </Text>
                    <Text className="order-item-price">{formatPrice(inv.amount)}</Text>
                  </View>
                  {canCancelInvoice(inv) && (
                    <View className="order-item-actions">
                      <Text className="order-btn invoice-cancel" onClick={() => onCancel(inv)}>
                        {t('order.invoice.cancel')}
                      </Text>
                    </View>
                  )}
                </View>
              ))}
              <View className="order-more">
                <Text>
                  {more ? t('common.loading') : invoices.length >= total ? t('common.noMore') : t('shell.loadMore')}
                </Text>
              </View>
            </View>
          )}
        </>
      )}
    </View>
  )
}
