/**
 * A staff member's decision on what a learner asked for: a refund (./shop.ts), an identity certification or a study
 * photo (./learn.ts). Shared by those domains' staff calls (../staff.ts).
 */
import { z } from 'zod'

export const decision = z.object({ approve: z.boolean(), reason: z.string().trim().max(200).optional() })

/** a row id in a staff call's path, named after what it is (`orderId: ...` in a refusal) */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647)
