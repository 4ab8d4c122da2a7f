/** Queries per learner hot path on PGlite. */
import { openDatabase } from '../../server/src/db'
import { templateBlob } from './helpers'
import { queryCountSuite } from './query-count-suite'

queryCountSuite('PGlite', async (logger) => openDatabase({ loadDataDir: await templateBlob(), logger }))
