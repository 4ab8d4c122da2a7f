/**
 * The PGlite database in a worker thread (server/src/db/pglite-thread.ts is the other end). The server's event loop
 * parses requests, validates and serialises answers while this thread runs SQL: two cores instead of one.
 * Plain JavaScript, so that tsx, vitest and node all start it as it is. One message at a time arrives for the
 * database (the main side holds a mutex), except inside a transaction, whose statements PGlite itself serialises.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const identity = (v) => v

/** an Error does not cross threads with its own fields (code, detail ...): copy them */
function errorShape(e) {
  const out = { message: e?.message ?? String(e), name: e?.name ?? 'Error' }
  if (e && typeof e === 'object') {
    for (const k of Object.keys(e)) {
      const v = e[k]
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v
    }
  }
  return out
}

async function open() {
  const { dataDir, loadDataDir } = workerData
  if (dataDir) return PGlite.create({ dataDir })
  return PGlite.create({ loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined })
}

const ready = open()

async function handle(msg) {
  const pg = await ready
  switch (msg.op) {
    case 'query': {
      const options = {}
      if (msg.rowMode) options.rowMode = msg.rowMode
      if (msg.rawTypes) options.parsers = Object.fromEntries(msg.rawTypes.map((oid) => [oid, identity]))
      const r = await pg.query(msg.sql, msg.params, options)
      return { value: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows } }
    }
    case 'exec': {
      const rs = await pg.exec(msg.sql)
      return { value: rs.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) }
    }
    case 'dump': {
      const file = await pg.dumpDataDir(msg.compression)
      const buf = await file.arrayBuffer()
      return { value: buf, transfer: [buf] }
    }
    case 'close':
      await pg.close()
      return { value: null }
    case 'ready':
      return { value: null }
    default:
      throw new Error(`unknown op ${msg.op}`)
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    ({ value, transfer }) => parentPort.postMessage({ id: msg.id, ok: true, value }, transfer ?? []),
    (e) => parentPort.postMessage({ id: msg.id, ok: false, error: errorShape(e) }),
  )
})
