/** The live suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { liveSuite } from './live-suite'
import { onPostgres } from './postgres'

await onPostgres('live', liveSuite)
