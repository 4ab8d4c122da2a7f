/** Access that ends (live-access-suite.ts) on PGlite. */
import { freshPglite } from './helpers'
import { liveAccessSuite } from './live-access-suite'

liveAccessSuite('PGlite', freshPglite)
