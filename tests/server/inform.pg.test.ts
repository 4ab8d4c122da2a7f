/** The messages suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { informSuite } from './inform-suite'
import { onPostgres } from './postgres'

await onPostgres('inform', informSuite)
