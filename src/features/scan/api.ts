/**
 * Scan login calls (GET /scan_code, POST /scan_login_check; docs/DECISIONS.md "Scan login"): the PC asks for a QR
 * code and polls it with the key only it was given; the learner's app scans, confirms or cancels it.
 */
import type { RouteData } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'
import { deviceUuid } from '../../services/storage'

export type ScanCode = RouteData<'GET /scan_code'>
export type ScanStatus = ScanCode['status']
export type ScanCheck = RouteData<'POST /scan_login_check'>
export type ScanAction = 'scan' | 'confirm' | 'cancel'

/** The in-app route a scan login QR opens. */
export const PC_LOGIN_PAGE = '/pages4/login/pcLogin'

const QUIET: CallOptions = { noLoading: true, silent: true }

/** A new QR code for this PC; the session it may bring is bound to this install's device uuid. */
export function newScanCode(opts: CallOptions = QUIET) {
  return call('GET /scan_code', { query: { deviceUuid: deviceUuid() } }, opts)
}

/** The ticket's status; `login` is this PC's session, given once. */
export function pollScanCode(ticket: string, pollKey: string, opts: CallOptions = QUIET) {
  return call('GET /scan_code', { query: { ticket, pollKey } }, opts)
}

export function scanLoginCheck(ticket: string, action: ScanAction, opts: CallOptions = { silent: true }) {
  return call('POST /scan_login_check', { body: { ticket, action } }, opts)
}

const TICKET_RE = /^[A-Za-z0-9_-]{16,64}$/

/** The ticket of a scanned QR text (the pcLogin URL or path, or the bare ticket); null when it is not one. */
export function ticketOf(text: string | undefined | null): string | null {
  const s = (text ?? '').trim()
  if (TICKET_RE.test(s)) return s
  const m = /[?&]ticket=([^&#\s]+)/.exec(s)
  if (!m || !s.includes(PC_LOGIN_PAGE)) return null
  const ticket = decodeURIComponent(m[1]!)
  return TICKET_RE.test(ticket) ? ticket : null
}
