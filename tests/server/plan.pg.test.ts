/** The study plan suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { planSuite } from './plan-suite'
import { onPostgres } from './postgres'

await onPostgres('plan', planSuite)
