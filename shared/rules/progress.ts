/**
 * Learning progress, computed in ONE place for the server and the app (DECISIONS "Learning": progress). A
 * section counts what the server credited, at most its length; a course, a goods or a package is the sum of its
 * sections: credited / total x 100, one decimal. Every screen that shows progress of the same thing shows this
 * number (issue 12: one screen said 7.4% and another 3.7% of the same goods).
 */

export interface SectionSeconds {
  durationSeconds: number
  creditedSeconds: number
}

/** credited / total x 100 with one decimal, 0-100 */
export const percentOf = (credited: number, total: number): number =>
  total > 0 ? Math.min(100, Math.round((credited / total) * 1000) / 10) : 0

/** Totals over sections: seconds (each section's credit capped at its length) and percent. */
export function progressOf(sections: readonly SectionSeconds[]): {
  totalSeconds: number
  creditedSeconds: number
  percent: number
} {
  let total = 0
  let credited = 0
  for (const s of sections) {
    total += s.durationSeconds
    credited += Math.min(Math.max(0, s.creditedSeconds), s.durationSeconds)
  }
  return { totalSeconds: total, creditedSeconds: credited, percent: percentOf(credited, total) }
}
