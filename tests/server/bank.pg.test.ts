/** The bank suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { bankSuite } from './bank-suite'
import { onPostgres } from './postgres'

await onPostgres('bank', bankSuite)
