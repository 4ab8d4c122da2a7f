/**
 * Invoice request rules, the same as the server's (contract/schemas/shop.ts 'POST /order/invoice'):
 * title 1-100 characters; a company title (titleType 2) needs a tax number of 15-20 digits or capital
 * letters (I, O, S, V, Z excluded), upper-cased; email at most 100 characters in zod's email shape.
 */
import type { FormErrors } from '@/components/form/errors'

export const TITLE_TYPE = { personal: 1, company: 2 } as const
export type TitleType = 1 | 2

export const TAX_NO_RE = /^[0-9A-HJ-NPQRTUWXY]{15,20}$/
// zod 4's z.email() pattern
export const EMAIL_RE = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/
export const TITLE_MAX = 100
export const EMAIL_MAX = 100

export interface InvoiceForm {
  orderIds: number[]
  titleType: TitleType
  title: string
  taxNo: string
  email: string
}

export type InvoiceField = 'orderIds' | 'title' | 'taxNo' | 'email'

export function normalizeTaxNo(v: string): string {
  return v.trim().toUpperCase()
}

export function isTaxNo(v: string): boolean {
  return TAX_NO_RE.test(normalizeTaxNo(v))
}

export function isEmail(v: string): boolean {
  const s = v.trim()
  return s.length <= EMAIL_MAX && EMAIL_RE.test(s)
}

export function validateInvoice(f: InvoiceForm): FormErrors<InvoiceField> {
  const title = f.title.trim()
  return {
    orderIds: f.orderIds.length > 0 ? undefined : 'order.invoice.err.orders',
    title: !title ? 'order.invoice.err.title' : title.length > TITLE_MAX ? 'order.invoice.err.titleLong' : undefined,
    taxNo: f.titleType === TITLE_TYPE.company && !isTaxNo(f.taxNo) ? 'order.invoice.err.taxNo' : undefined,
    email: isEmail(f.email) ? undefined : 'order.invoice.err.email',
  }
}

/** The request body (trimmed; the tax number only for a company, upper-cased). */
export interface InvoiceBody {
  orderIds: number[]
  titleType: TitleType
  title: string
  email: string
  taxNo?: string
}

export function invoiceBody(f: InvoiceForm): InvoiceBody {
  const base: InvoiceBody = {
    orderIds: f.orderIds,
    titleType: f.titleType,
    title: f.title.trim(),
    email: f.email.trim(),
  }
  return f.titleType === TITLE_TYPE.company ? { ...base, taxNo: normalizeTaxNo(f.taxNo) } : base
}
