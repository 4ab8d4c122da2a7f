/**
 * The public certificate check (server/src/modules/exam/certificates.ts): outside the spec's calls, like the
 * verification page it mirrors, answered in the house envelope without a token or a tenant (the serial is global).
 */
import { request } from '../../services/http/request'

export interface PublicCertificate {
  valid: boolean
  serial: string
  /** masked: 李* */
  realName: string
  examName: string
  /** Unix seconds */
  issuedTime: number
  /** the school that issued it */
  schoolName: string
  revokedTime: number | null
}

/** 16 characters of base32 without look-alikes (no I, O, 0, 1), as printed on a certificate. */
export const SERIAL_RE = /^[A-HJ-NP-Z2-9]{16}$/

export const normalSerial = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase()

export function verifyCertificate(serial: string, opts: { noLoading?: boolean; silent?: boolean } = {}) {
  return request<PublicCertificate>({
    url: `/certificate/verify/${encodeURIComponent(normalSerial(serial))}`,
    noToken: true,
    ...opts,
  })
}
