/** The notes and Q and A suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { companionSuite } from './companion-suite'
import { onPostgres } from './postgres'

await onPostgres('companion', companionSuite)
