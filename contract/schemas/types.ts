/** Shared by contract/schemas.ts and the domain files in this folder (no cycle). */
import type { z } from 'zod'

/**
 * What the route loop answers when one part of a call's input fails its schema, instead of its usual
 * `<field>: <rule>`: a sentence the refusal catalogue knows (server/src/http/refusals.ts), with code 400 unless
 * `code` says otherwise; `byField`, another sentence when the first failing field is one of these.
 */
export interface Refusal {
  msg: string
  code?: number
  byField?: Readonly<Record<string, string>>
}

export interface RouteSchema {
  query?: z.ZodType
  params?: z.ZodType
  body?: z.ZodType
  data: z.ZodType
  /** the refusal of each part of the input (the staff desk's calls name theirs) */
  refusals?: Readonly<Partial<Record<'query' | 'params' | 'body', string | Refusal>>>
}
