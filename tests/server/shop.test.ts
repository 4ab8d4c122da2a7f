import { freshPglite } from './helpers'
import { shopSuite } from './shop-suite'

shopSuite('PGlite', freshPglite)
