/** The live room's interactions on PGlite (the suite: live-interactions-suite.ts; PostgreSQL and two processes: live-interactions.pg.test.ts). */
import { freshPglite } from './helpers'
import { liveInteractionsSuite } from './live-interactions-suite'

liveInteractionsSuite('PGlite', freshPglite)
