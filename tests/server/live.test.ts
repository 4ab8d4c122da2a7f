import { freshPglite } from './helpers'
import { liveSuite } from './live-suite'

liveSuite('PGlite', freshPglite)
