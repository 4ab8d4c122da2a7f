import { describe, expect, it } from 'vitest'
import { invoiceBody, isEmail, isTaxNo, validateInvoice } from '@/lib/invoice'

const base = { orderIds: [1], titleType: 1 as const, title: 'Zhang San', taxNo: '', email: 'a@b.cn' }

describe('invoice validation', () => {
  it('accepts a personal title without a tax number', () => {
    expect(Object.values(validateInvoice(base)).filter(Boolean)).toEqual([])
  })

  it('a company title needs a valid tax number', () => {
    expect(validateInvoice({ ...base, titleType: 2 }).taxNo).toBe('order.invoice.err.taxNo')
    expect(validateInvoice({ ...base, titleType: 2, taxNo: '91110000MA01' }).taxNo).toBe('order.invoice.err.taxNo')
    expect(validateInvoice({ ...base, titleType: 2, taxNo: '91110000ma01abcd2x' }).taxNo).toBeUndefined()
    expect(validateInvoice({ ...base, titleType: 2, taxNo: '91110000MA01ABCD2O' }).taxNo).toBe(
      'order.invoice.err.taxNo',
    )
  })

  it('tax numbers: 15-20 digits or capital letters, without I O S V Z', () => {
    expect(isTaxNo('123456789012345')).toBe(true)
    expect(isTaxNo('12345678901234567890')).toBe(true)
    expect(isTaxNo('12345678901234')).toBe(false)
    expect(isTaxNo('123456789012345678901')).toBe(false)
    expect(isTaxNo('12345678901234I')).toBe(false)
  })

  it('checks the email format', () => {
    expect(isEmail('learner@example.com')).toBe(true)
    expect(isEmail(' learner@example.com ')).toBe(true)
    expect(isEmail('learner@')).toBe(false)
    expect(isEmail('a..b@example.com')).toBe(false)
    expect(isEmail('no-at.example.com')).toBe(false)
    expect(isEmail(`${'a'.repeat(95)}@b.com`)).toBe(false)
    expect(validateInvoice({ ...base, email: 'x' }).email).toBe('order.invoice.err.email')
  })

  it('needs a title and at least one order', () => {
    const e = validateInvoice({ ...base, title: '  ', orderIds: [] })
    expect(e.title).toBe('order.invoice.err.title')
    expect(e.orderIds).toBe('order.invoice.err.orders')
    expect(validateInvoice({ ...base, title: 'x'.repeat(101) }).title).toBe('order.invoice.err.titleLong')
  })

  it('builds the body: trimmed, tax number only for a company and upper-cased', () => {
    expect(invoiceBody({ ...base, taxNo: 'abc', title: ' T ' })).toEqual({
      orderIds: [1],
      titleType: 1,
      title: 'T',
      email: 'a@b.cn',
    })
    expect(invoiceBody({ ...base, titleType: 2, taxNo: ' 91110000ma01abcd2x ' }).taxNo).toBe('91110000MA01ABCD2X')
  })
})
