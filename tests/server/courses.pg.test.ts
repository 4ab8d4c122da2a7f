/** The course extras suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { coursesSuite } from './courses-suite'
import { onPostgres } from './postgres'

await onPostgres('courses', coursesSuite)
