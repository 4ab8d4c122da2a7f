/** The scan login suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { onPostgres } from './postgres'
import { scanSuite } from './scan-suite'

await onPostgres('scan', scanSuite)
