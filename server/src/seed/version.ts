/**
 * How far the demo seed has brought a database (`seed_state`, one row; docs/DECISIONS.md "First start"). A start at
 * the current version does no seed work and loads none of the seed's modules (./start.ts); the seed marks the version
 * when it is done.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '../db'
import { seedState } from '../db/schema'

/**
 * What the seed brings a database to. Bump it when a part of the seed is added, or changes what an existing database
 * should get: its fill-if-missing checks then run once more on the next start.
 */
// .2: banners open their goods and 证书查询 the public check (seed/links.ts, issue 25)
// .3: believable demo content (issue 25): lessons of a few minutes, handouts of several pages under their own
//     subjects, articles of several paragraphs, tags that hold, home recommendations, goods introductions
//     (seed/content.ts, recommend.ts, learn.ts)
export const SEED_VERSION = '2026-11-28.3'

/** Whether the database was seeded to the current version. */
export async function seedIsCurrent(db: Db): Promise<boolean> {
  const [row] = await db.select({ version: seedState.version }).from(seedState).where(eq(seedState.id, 1))
  return row?.version === SEED_VERSION
}

export async function markSeeded(db: Db): Promise<void> {
  await db
    .insert(seedState)
    .values({ id: 1, version: SEED_VERSION })
    .onConflictDoUpdate({ target: seedState.id, set: { version: SEED_VERSION, updatedAt: new Date() } })
}

/** A database from before the current seed (tests: "a start on an older data dir"; operators: run the checks again). */
export async function forgetSeedVersion(db: Db): Promise<void> {
  await db.delete(seedState)
}
