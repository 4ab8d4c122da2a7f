import { coreSuite } from './core-suite'
import { freshPglite } from './helpers'

coreSuite('PGlite', freshPglite)
