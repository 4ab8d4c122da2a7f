/** Shared by contract/schemas.ts and the domain files in this folder (no cycle). */
import type { z } from 'zod'

export interface RouteSchema {
  query?: z.ZodType
  params?: z.ZodType
  body?: z.ZodType
  data: z.ZodType
}
