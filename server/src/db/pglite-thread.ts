/**
 * PGlite in a worker thread (docs/DECISIONS.md "PGlite in a thread"). PGlite is one WebAssembly PostgreSQL: in the
 * server's own thread, every statement's execution blocks the event loop that also parses requests, checks tokens,
 * validates input and serialises answers, so one core does everything. Here the database runs in
 * `pglite-worker.mjs` and this side speaks to it by messages; drizzle sees the same client methods it uses on an
 * in-process PGlite (query, exec, transaction), so the queries do not change.
 *
 * PGlite has one session: statements and transactions are serialised here by a mutex, as PGlite does in-process.
 * Inside a transaction its statements go straight through (they hold the mutex). drizzle passes type parsers that
 * keep dates and intervals as text; functions cannot cross threads, so those parsers travel as their type ids and
 * the worker applies the identity to them. Any other parser is refused rather than silently dropped.
 */
import { Worker } from 'node:worker_threads'
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'

/** What the app and drizzle use of a PGlite client (in-process PGlite satisfies it too). */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'close' | 'dumpDataDir'>

interface Pending {
  resolve(value: unknown): void
  reject(error: unknown): void
}

const PROBE = '\u0000probe'

function rawTypes(options?: QueryOptions): number[] | undefined {
  const parsers = options?.parsers
  if (!parsers) return undefined
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE)
      throw new Error(`pglite thread: only identity parsers cross threads (${oid})`)
    return Number(oid)
  })
}

function rebuildError(shape: Record<string, unknown>): Error {
  const err = new Error(String(shape.message))
  Object.assign(err, shape)
  return err
}

export class PgliteThread implements PgliteClient {
  #worker: Worker
  #seq = 0
  #pending = new Map<number, Pending>()
  #tail: Promise<void> = Promise.resolve()
  #dead: Error | undefined
  #closing = false

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (msg: { id: number; ok: boolean; value?: unknown; error?: Record<string, unknown> }) => {
      const p = this.#pending.get(msg.id)
      if (!p) return
      this.#pending.delete(msg.id)
      if (msg.ok) p.resolve(msg.value)
      else p.reject(rebuildError(msg.error ?? { message: 'pglite thread: unknown error' }))
    })
    const fail = (err: Error) => {
      this.#dead ??= err
      for (const p of this.#pending.values()) p.reject(err)
      this.#pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => {
      const err = new Error(`pglite thread exited (${code})`)
      fail(err)
      // a database that died under a running server: end the process loudly (its supervisor restarts it) instead
      // of answering 500 to every request from then on
      if (!this.#closing)
        process.nextTick(() => {
          throw err
        })
    })
  }

  /** Start the thread and open the database (a data dir, or a dumped one for tests). */
  static async create(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteThread> {
    const load = opts.loadDataDir ? await opts.loadDataDir.arrayBuffer() : undefined
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: opts.dataDir, loadDataDir: load },
      transferList: load ? [load] : [],
    })
    const thread = new PgliteThread(worker)
    try {
      await thread.#call({ op: 'ready' })
    } catch (e) {
      await worker.terminate()
      throw e
    }
    return thread
  }

  #call<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.#dead) return Promise.reject(this.#dead)
    const id = ++this.#seq
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject })
      this.#worker.postMessage({ ...msg, id })
    })
  }

  async #locked<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise<void>((r) => {
      release = r
    })
    await previous
    try {
      return await fn()
    } finally {
      release()
    }
  }

  #query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call<Results<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, rawTypes: rawTypes(options) })
  }

  #exec(sql: string): Promise<Results[]> {
    return this.#call<Results[]>({ op: 'exec', sql })
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#locked(() => this.#query<T>(sql, params, options))
  }

  exec(sql: string): Promise<Array<Results>> {
    return this.#locked(() => this.#exec(sql))
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#locked(async () => {
      await this.#exec('BEGIN')
      let closed = false
      const tx = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.#query<R>(sql, params, options),
        sql: () => {
          throw new Error('pglite thread: tx.sql is not supported')
        },
        exec: (sql: string) => this.#exec(sql),
        rollback: async () => {
          await this.#exec('ROLLBACK')
          closed = true
        },
        listen: () => {
          throw new Error('pglite thread: listen is not supported')
        },
        get closed() {
          return closed
        },
      } as unknown as Transaction
      try {
        const result = await callback(tx)
        if (!closed) await this.#exec('COMMIT')
        return result
      } catch (e) {
        if (!closed) await this.#exec('ROLLBACK').catch(() => {})
        throw e
      }
    })
  }

  async dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<File | Blob> {
    const buf = await this.#locked(() => this.#call<ArrayBuffer>({ op: 'dump', compression }))
    return new Blob([buf])
  }

  async close(): Promise<void> {
    if (this.#dead) return
    this.#closing = true
    try {
      await this.#locked(() => this.#call({ op: 'close' }))
    } finally {
      await this.#worker.terminate()
    }
  }
}
