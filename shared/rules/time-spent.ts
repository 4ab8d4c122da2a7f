/**
 * 用时 of a practice attempt, one rule for the server's report and the app's paper clock (docs/DECISIONS.md
 * "Question bank" and "Bank, paper and player fixes"): the gaps between consecutive answers of the attempt (the
 * first from its start), each capped at ANSWER_GAP_CAP_SECONDS, so a break is not counted as study. Pure: every
 * time is passed in, Unix seconds.
 */
import { ANSWER_GAP_CAP_SECONDS } from '../../contract/schemas/bank-codes'

const capped = (gap: number) => Math.min(Math.max(gap, 0), ANSWER_GAP_CAP_SECONDS)

/** The counted seconds of each answer, in time order. */
export function answerGaps(startS: number, answeredS: readonly number[]): number[] {
  let prev = startS
  return [...answeredS]
    .sort((a, b) => a - b)
    .map((t) => {
      const gap = capped(t - prev)
      prev = Math.max(prev, t)
      return gap
    })
}

/**
 * The time spent so far while the attempt is open: the answers' gaps and the time since the last answer (or the
 * start), capped like a gap. At the moment of an answer it equals what the report will count up to that answer.
 */
export function spentSoFar(startS: number, answeredS: readonly number[], nowS: number): number {
  const gaps = answerGaps(startS, answeredS).reduce((s, g) => s + g, 0)
  const last = Math.max(startS, ...answeredS)
  return gaps + capped(nowS - last)
}
