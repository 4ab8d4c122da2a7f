/** The account extras suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { accountExtraSuite } from './account-extra-suite'
import { onPostgres } from './postgres'

await onPostgres('account_extra', accountExtraSuite)
