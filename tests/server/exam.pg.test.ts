/** The exam suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { examSuite } from './exam-suite'
import { onPostgres } from './postgres'

await onPostgres('exam', examSuite)
