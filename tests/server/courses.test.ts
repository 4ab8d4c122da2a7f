import { coursesSuite } from './courses-suite'
import { freshPglite } from './helpers'

coursesSuite('PGlite', freshPglite)
