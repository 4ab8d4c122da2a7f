/** A rejected call: the envelope code and message (code -1: no answer from the network). */
export class ApiError extends Error {
  readonly code: number
  readonly msg: string
  constructor(code: number, msg: string) {
    super(msg)
    this.name = 'ApiError'
    this.code = code
    this.msg = msg
  }
}

export const NETWORK_ERROR = -1
/** the tenant lookup failed (its toast already showed) */
export const TENANT_ERROR = -2
