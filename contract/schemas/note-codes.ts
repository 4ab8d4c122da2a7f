/** Notes' limits, plain data (no zod): the app imports them (docs/DECISIONS.md "Notes"). */

/** The longest note (characters). */
export const NOTE_MAX = 2000
/** A listDate range is at most this many days; a call answers at most NOTE_LIST_MAX notes (newest first). */
export const NOTE_RANGE_MAX_DAYS = 92
export const NOTE_LIST_MAX = 500
