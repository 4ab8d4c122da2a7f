/** Access that ends (live-access-suite.ts) on PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { liveAccessSuite } from './live-access-suite'
import { onPostgres } from './postgres'

await onPostgres('live_access', liveAccessSuite)
