/** Integer cents -> '¥12.00' (two decimals, zh-CN grouping: '¥1,234.50'). Non-numbers show '¥0.00'. */
export function formatPrice(cents: number | null | undefined): string {
  const c = typeof cents === 'number' && Number.isFinite(cents) ? Math.round(cents) : 0
  const sign = c < 0 ? '-' : ''
  const abs = Math.abs(c)
  const yuan = Math.floor(abs / 100)
  const fen = abs % 100
  return `${sign}¥${group(yuan)}.${String(fen).padStart(2, '0')}`
}

/** Thousands separators without Intl (older mini-program engines lack full locale data). */
function group(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/**
 * What a package saves (cents): its struck price minus its price, never negative. The server sends a package's
 * `originalPrice` as the sum of its goods' prices (server/src/modules/shop/catalogue.ts `listPrices`), so the
 * list, the detail, the cart and the order all show the same 立省 amount.
 */
export function saving(price: number, originalPrice: number): number {
  return Math.max(0, Math.round(originalPrice) - Math.round(price))
}
