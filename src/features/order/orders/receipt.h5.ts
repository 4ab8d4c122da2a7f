/** H5: the receipt is a server page on the same origin; it opens in this tab (the browser's back returns). */
export function openReceipt(url: string): void {
  window.location.href = url
}
