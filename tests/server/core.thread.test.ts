import { openDatabase } from '../../server/src/db'
import { coreSuite } from './core-suite'
import { templateBlob } from './helpers'

// the server's default: PGlite in a worker thread (server/src/db/pglite-thread.ts)
coreSuite('PGlite in a thread', async () => openDatabase({ loadDataDir: await templateBlob(), thread: true }))
