import { bankSuite } from './bank-suite'
import { freshPglite } from './helpers'

bankSuite('PGlite', freshPglite)
