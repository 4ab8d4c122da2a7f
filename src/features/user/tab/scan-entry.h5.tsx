/** H5: no scan button (a phone browser has no scanner API; the phone's camera opens the QR's link itself). */
export function ScanEntry() {
  return null
}
