/**
 * What a server start needs of the seed: the seed itself only when the database is not at the current version (so a
 * warm start loads none of the seed's modules and data), and the demo accounts it prints.
 */
import type { Db } from '../db'
import { DEMO_PASSWORD, TENANTS } from './data'
import { LIVE_SEEDS } from './live-data'
import { seedIsCurrent } from './version'

export interface DemoCredentials {
  tenantId: number
  name: string
  host: string
  account: string
  password: string
  /** 'learner', or the staff role of the account (teacher, assistant, manager: the console's staff desk too) */
  role: string
}

/** Seeds (or brings an older seed up to date) unless the database is at SEED_VERSION; true when it seeded anew. */
export async function seedIfNeeded(db: Db): Promise<boolean> {
  if (await seedIsCurrent(db)) return false
  const { seedIfEmpty } = await import('./index')
  return seedIfEmpty(db)
}

export const demoCredentials = (): DemoCredentials[] =>
  TENANTS.flatMap((t) => [
    { tenantId: t.id, name: t.name, host: t.host, account: t.learner.phone, password: DEMO_PASSWORD, role: 'learner' },
    // live classes: the teacher and the assistant of the demo rooms (seed/live-data.ts)
    ...(LIVE_SEEDS[t.id]?.staff ?? []).map((s) => ({
      tenantId: t.id,
      name: t.name,
      host: t.host,
      account: s.phone,
      password: DEMO_PASSWORD,
      role: s.staffRole,
    })),
  ])
