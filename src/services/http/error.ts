/** A rejected call: the envelope code and message in the app's language (code -1: no answer from the network). */
export class ApiError extends Error {
  readonly code: number
  readonly msg: string
  /** the envelope's data, when a refusal explains itself (e.g. exam eligibility checks); else null */
  readonly data: unknown
  /** a refusal's key in the shared catalogue (shared/i18n/*\/refusals.ts), to act on a refusal without reading it */
  readonly key: string | undefined
  constructor(code: number, msg: string, data: unknown = null, key?: string) {
    super(msg)
    this.name = 'ApiError'
    this.code = code
    this.msg = msg
    this.data = data
    this.key = key
  }
}

export const NETWORK_ERROR = -1
/** the tenant lookup failed (its toast already showed) */
export const TENANT_ERROR = -2
