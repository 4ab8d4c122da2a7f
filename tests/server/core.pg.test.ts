/** The core suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { coreSuite } from './core-suite'
import { onPostgres } from './postgres'

await onPostgres('core', coreSuite)
