/**
 * weapp: no scan login tab. A mini-program is the phone: it scans a PC's QR code (My account's scan button, or the
 * code's link) and confirms on pages4/login/pcLogin; it never shows a code itself.
 */
import type { LoginResult } from '../../../../contract/types'

export const POLL_MS = 2000

export function scanLoginAvailable(): boolean {
  return false
}

export const scanTabLabel = () => ''

export const prefersScanLogin = () => false

export function ScanPanel(_props: { onLogin: (result: LoginResult) => Promise<void>; pollMs?: number }) {
  return null
}
