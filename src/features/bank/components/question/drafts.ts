/**
 * Typed but not yet saved essay text lives in the question card until the learner leaves the field or taps
 * save. A timed exam cannot wait for that at zero: it calls commitDrafts() first, which saves every such
 * draft as an answer (through the card's onAnswer, i.e. the answer outbox) synchronously.
 */
const flushers = new Set<() => void>()

/** A card with a draft registers how to save it; returns the unregister. */
export function registerDraft(flush: () => void): () => void {
  flushers.add(flush)
  return () => {
    flushers.delete(flush)
  }
}

/** Save every unsaved draft now. */
export function commitDrafts(): void {
  for (const flush of [...flushers]) flush()
}
