import { freshPglite } from './helpers'
import { scanSuite } from './scan-suite'

scanSuite('PGlite', freshPglite)
