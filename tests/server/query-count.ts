/**
 * Counting the SQL statements one request runs: a drizzle logger (`openDatabase({ logger })`) that files each
 * statement under the request that is running it. The request is found through AsyncLocalStorage, so a sweep
 * timer or another request running at the same time is never counted. Transaction control (begin, commit,
 * savepoints) is left out: node-postgres sends it through drizzle, PGlite does not, and it does no work.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Logger } from 'drizzle-orm'

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i

export class QueryCounter implements Logger {
  private readonly current = new AsyncLocalStorage<string[]>()

  logQuery(query: string): void {
    if (!CONTROL.test(query)) this.current.getStore()?.push(query)
  }

  /** Runs `fn` and returns its result with the statements it ran (in order). */
  async run<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
    const queries: string[] = []
    const result = await this.current.run(queries, fn)
    return { result, queries }
  }
}
