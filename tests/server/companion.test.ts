import { companionSuite } from './companion-suite'
import { freshPglite } from './helpers'

companionSuite('PGlite', freshPglite)
