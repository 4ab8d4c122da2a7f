import { freshPglite } from './helpers'
import { loginGuardSuite } from './login-guard-suite'

loginGuardSuite('PGlite', freshPglite)
