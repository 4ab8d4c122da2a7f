import { freshPglite } from './helpers'
import { planSuite } from './plan-suite'

planSuite('PGlite', freshPglite)
