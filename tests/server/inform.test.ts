import { freshPglite } from './helpers'
import { informSuite } from './inform-suite'

informSuite('PGlite', freshPglite)
