/**
 * Anti-skip rules of the player (docs/DECISIONS.md "Learning"). The server refuses intervals that start beyond
 * the furthest watched point; the player refuses such seeks first, so the learner is put back at once.
 */

export interface SeekRequest {
  /** where the learner asked to go (seconds) */
  target: number
  /** the furthest point watched so far (seconds) */
  furthest: number
  /** a finished section may be watched in any order */
  finished: boolean
  /** the goods' anti-skip setting */
  antiSkip: boolean
  /** how far beyond the furthest point a seek may land (SEEK_SLACK_SECONDS) */
  slack: number
}

export interface SeekOutcome {
  /** where playback goes: the target when allowed, else the furthest point */
  position: number
  refused: boolean
}

export function seekTarget({ target, furthest, finished, antiSkip, slack }: SeekRequest): SeekOutcome {
  const to = Math.max(0, target)
  if (!antiSkip || finished || to <= Math.max(0, furthest) + slack) return { position: to, refused: false }
  return { position: Math.max(0, furthest), refused: true }
}

/** timeupdate fires every 250 ms or so; a move larger than the time that passed plus this is a seek. */
export const JUMP_TOLERANCE_SECONDS = 1.5

/**
 * Whether a timeupdate from `from` to `to`, `elapsed` wall seconds apart, is a seek rather than playback
 * (there is no playback-rate control, so video time runs at wall speed). Backward moves of more than a
 * moment are seeks too.
 */
export function isJump(from: number, to: number, elapsed: number): boolean {
  if (to < from - 0.5) return true
  return to - from > Math.max(0, elapsed) + JUMP_TOLERANCE_SECONDS
}
