/** The per-account password back-off against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { loginGuardSuite } from './login-guard-suite'
import { onPostgres } from './postgres'

await onPostgres('login_guard', loginGuardSuite)
