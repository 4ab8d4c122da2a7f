/** Queries per learner hot path on PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { onPostgres } from './postgres'
import { queryCountSuite } from './query-count-suite'

await onPostgres('querycount', (label, open) => queryCountSuite(label, (logger) => open({ logger })))
