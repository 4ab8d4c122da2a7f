/**
 * The random parts of the live interactions, over `crypto.randomInt` (a CSPRNG, uniform over its range; no modulo
 * bias): lottery winners and red packet shares. Pure given the random source, so tests can check them over many
 * draws. docs/DECISIONS.md "Live — interactions".
 */
import { randomInt } from 'node:crypto'

/** A uniform integer in [min, max) */
export type RandomInt = (min: number, max: number) => number

const cryptoInt: RandomInt = (min, max) => randomInt(min, max)

/**
 * `n` winners drawn uniformly without replacement (a partial Fisher-Yates shuffle): every subset of size
 * min(n, pool) is equally likely, and nobody is drawn twice (the pool is de-duplicated by key first).
 */
export function drawWinners<T>(pool: readonly T[], n: number, key: (t: T) => number, rand = cryptoInt): T[] {
  const seen = new Set<number>()
  const list = pool.filter((t) => {
    const k = key(t)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
  const take = Math.max(0, Math.min(n, list.length))
  for (let i = 0; i < take; i++) {
    const j = rand(i, list.length)
    const t = list[i]!
    list[i] = list[j]!
    list[j] = t
  }
  return list.slice(0, take)
}

/**
 * `total` points split at random into `count` shares of at least 1 point each, summing to `total` exactly
 * (count - 1 distinct cut points drawn uniformly in 1..total-1: every composition is equally likely), in random
 * order. Needs 1 <= count <= total.
 */
export function splitPoints(total: number, count: number, rand = cryptoInt): number[] {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(count) || count < 1 || count > total)
    throw new RangeError('splitPoints: 1 <= count <= total')
  const cuts = new Set<number>()
  if (count - 1 > (total - 1) / 2) {
    // more cuts than gaps: draw the positions that are NOT cut (fewer draws)
    const skip = new Set<number>()
    while (skip.size < total - count) skip.add(rand(1, total))
    for (let p = 1; p < total; p++) if (!skip.has(p)) cuts.add(p)
  } else {
    while (cuts.size < count - 1) cuts.add(rand(1, total))
  }
  const points = [0, ...[...cuts].sort((a, b) => a - b), total]
  const shares: number[] = []
  for (let i = 1; i < points.length; i++) shares.push(points[i]! - points[i - 1]!)
  return shares
}
