import { RECORD_MODES, RECORD_SCOPES, type StartRecord } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'

export type RecordParams = Record<string, string | undefined>

type Scope = (typeof RECORD_SCOPES)[number]
type Mode = (typeof RECORD_MODES)[number]

/** The start body from page query params (scope inferred from chapterId / paperId when not given). */
export function startBodyOf(p: RecordParams, fallbackMode: Mode = 'practice'): StartRecord {
  const chapterId = intParam(p.chapterId)
  const paperId = intParam(p.paperId)
  const scope: Scope = (RECORD_SCOPES as readonly string[]).includes(p.scope ?? '')
    ? (p.scope as Scope)
    : paperId
      ? 'paper'
      : 'chapter'
  const mode: Mode = (RECORD_MODES as readonly string[]).includes(p.mode ?? '') ? (p.mode as Mode) : fallbackMode
  const body: StartRecord = { scope, mode }
  const bankId = intParam(p.bankId)
  const type = intParam(p.type)
  const difficulty = intParam(p.difficulty)
  const count = intParam(p.count)
  if (bankId) body.bankId = bankId
  if (chapterId) body.chapterId = chapterId
  if (paperId) body.paperId = paperId
  if (type && type <= 5) body.type = type
  if (difficulty && difficulty <= 3) body.difficulty = difficulty
  if (count && count <= 100) body.count = count
  return body
}
