import { examSuite } from './exam-suite'
import { freshPglite } from './helpers'

examSuite('PGlite', freshPglite)
