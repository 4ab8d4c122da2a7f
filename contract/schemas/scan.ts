/**
 * Scan login (spec §7: GET /scan_code, POST /scan_login_check; docs/DECISIONS.md "Scan login"): a PC browser shows a
 * QR code of a short-lived, single-use ticket; the logged-in learner scans it in the app (pages4/login/pcLogin), sees
 * which device asks and confirms; the PC, polling with the key only it was given, collects its own session once.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { RouteSchema } from './types'

/** waiting (shown) -> scanned (a learner opened it) -> confirmed -> consumed (the PC took its session); cancelled */
export const SCAN_STATUS = ['waiting', 'scanned', 'confirmed', 'consumed', 'cancelled', 'expired'] as const
export const SCAN_ACTIONS = ['scan', 'confirm', 'cancel'] as const

/** base64url of 24 random bytes (32 characters); a shape check, not a secret check */
const ticket = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'ticket must be the code of a scan login QR')
const pollKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'pollKey must be the key given with the ticket')

const loginResult = z.object({ token: z.string(), userAccount: z.string(), newUser: z.boolean() })

export const scanSchemas = {
  /**
   * Without `ticket`: a new ticket for this PC (`deviceUuid`: the PC's install uuid, bound to the session it gets).
   * With `ticket` + `pollKey`: the ticket's status; `login` is the PC's session, given once (the ticket is then
   * consumed and a second poll gets none).
   */
  'GET /scan_code': {
    query: z
      .object({
        ticket: ticket.optional(),
        pollKey: pollKey.optional(),
        deviceUuid: z.string().trim().min(8).max(64).optional(),
      })
      .refine((q) => !q.ticket || q.pollKey, { message: 'pollKey is required with a ticket', path: ['pollKey'] }),
    data: z.object({
      ticket: z.string(),
      /** only when the ticket is created; null on a poll */
      pollKey: z.string().nullable(),
      /** the in-app route the QR opens, on the PC page's own origin: /pages4/login/pcLogin?ticket=… */
      qrPath: z.string(),
      status: z.enum(SCAN_STATUS),
      /** Unix seconds */
      expiresAt: z.number().int(),
      login: loginResult.nullable(),
    }),
  },
  /** The learner's side: scan (claims the ticket for this learner), confirm (signs the PC in), cancel. */
  'POST /scan_login_check': {
    body: z.object({ ticket, action: z.enum(SCAN_ACTIONS) }),
    data: z.object({
      status: z.enum(SCAN_STATUS),
      /** Unix seconds */
      expiresAt: z.number().int(),
      /** the PC that asked: browser and system from its user agent, its address masked, when it asked */
      device: z.object({
        browser: z.string(),
        os: z.string(),
        ip: z.string(),
        /** Unix seconds */
        createTime: z.number().int(),
      }),
    }),
  },
} satisfies Partial<Record<RouteKey, RouteSchema>>
