/** The shop suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */

import { onPostgres } from './postgres'
import { shopSuite } from './shop-suite'

await onPostgres('shop', shopSuite)
