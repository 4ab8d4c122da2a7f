/** Fields that name an upload, the repair migration, escaped chat names on PGlite (the suite: upload-fields-suite.ts). */
import { freshPglite } from './helpers'
import { uploadFieldsSuite } from './upload-fields-suite'

uploadFieldsSuite('PGlite', freshPglite)
