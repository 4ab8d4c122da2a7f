import { accountExtraSuite } from './account-extra-suite'
import { freshPglite } from './helpers'

accountExtraSuite('PGlite', freshPglite)
