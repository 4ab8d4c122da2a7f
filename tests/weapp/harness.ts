/**
 * Runs the built mini-program bundle (dist/weapp) in node:vm with miniprogram-simulate's `wx` API mock:
 * App / Page / Component capture their options, a page instance gets a `setData` that applies Taro's
 * path updates to a plain data tree, and taps are dispatched through the page's own event handler.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import vm from 'node:vm'

const nodeRequire = createRequire(import.meta.url)

type Dict = Record<string, unknown>
export interface TaroNode {
  nn?: string
  cl?: string
  v?: string
  sid?: string
  uid?: string
  cn?: TaroNode[]
  [k: string]: unknown
}

export interface RequestLog {
  url: string
  method: string
  header: Dict
  data: unknown
}

export type Responder = (req: RequestLog) => { statusCode: number; data: unknown }

/** A fresh copy of miniprogram-simulate's wx API mock (module cache dropped each time). */
function freshWx(): Dict {
  const apiDir = path.dirname(nodeRequire.resolve('miniprogram-simulate/src/api/index.js'))
  for (const k of Object.keys(nodeRequire.cache)) if (k.startsWith(apiDir)) delete nodeRequire.cache[k]
  return { ...(nodeRequire('miniprogram-simulate/src/api/index.js') as Dict) }
}

/** Set `value` at a setData path such as `root.cn.[0].cn.[2].v` or `root.cn[0].v`. */
export function setPath(target: Dict, key: string, value: unknown): void {
  const parts = key
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
  let cur: Dict = target
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]
    if (typeof cur[p] !== 'object' || cur[p] === null) cur[p] = /^\d+$/.test(parts[i + 1]) ? [] : {}
    cur = cur[p] as Dict
  }
  cur[parts[parts.length - 1]] = value
}

export class WeappSim {
  readonly requests: RequestLog[] = []
  readonly storage = new Map<string, unknown>()
  readonly toasts: Dict[] = []
  readonly navigations: Dict[] = []
  /** the `wx` mock the bundle sees: a test may replace an API on it (e.g. connectSocket) before launch */
  readonly wx: Dict
  private ctx: vm.Context
  private cache = new Map<string, Dict>()
  private appOptions: Dict | null = null
  private pageOptions: Dict | null = null
  private pages: Dict[] = []

  constructor(
    private readonly root: string,
    private readonly respond: Responder,
  ) {
    const wx = freshWx()
    this.wx = wx
    wx.request = (opts: Dict) => {
      const req: RequestLog = {
        url: String(opts.url),
        method: String(opts.method ?? 'GET'),
        header: (opts.header as Dict) ?? {},
        data: opts.data,
      }
      this.requests.push(req)
      setTimeout(() => {
        const res = this.respond(req)
        ;(opts.success as ((r: Dict) => void) | undefined)?.({ ...res, header: {}, errMsg: 'request:ok' })
        ;(opts.complete as ((r: Dict) => void) | undefined)?.({ ...res, errMsg: 'request:ok' })
      }, 0)
      return { abort() {}, onHeadersReceived() {}, offHeadersReceived() {} }
    }
    wx.getStorageSync = (k: string) => (this.storage.has(k) ? this.storage.get(k) : '')
    wx.setStorageSync = (k: string, v: unknown) => void this.storage.set(k, v)
    wx.removeStorageSync = (k: string) => void this.storage.delete(k)
    const record = (list: Dict[], name: string) => (o: Dict) => {
      list.push({ api: name, ...o })
      ;(o?.success as (() => void) | undefined)?.()
      return Promise.resolve({ errMsg: `${name}:ok` })
    }
    wx.showToast = record(this.toasts, 'showToast')
    for (const n of ['navigateTo', 'redirectTo', 'switchTab', 'reLaunch', 'navigateBack'])
      wx[n] = record(this.navigations, n)

    const sandbox: Dict = {
      wx,
      console,
      setTimeout,
      clearTimeout,
      setInterval,
      clearInterval,
      App: (o: Dict) => {
        this.appOptions = o
      },
      Page: (o: Dict) => {
        this.pageOptions = o
      },
      Component: (o: Dict) => o,
      Behavior: (o: Dict) => o,
      getApp: () => this.appOptions,
      getCurrentPages: () => this.pages,
    }
    sandbox.global = sandbox
    sandbox.globalThis = sandbox
    this.ctx = vm.createContext(sandbox)
  }

  require(file: string): Dict {
    const abs = path.resolve(this.root, file.endsWith('.js') ? file : `${file}.js`)
    const hit = this.cache.get(abs)
    if (hit) return hit.exports as Dict
    const module: Dict = { exports: {} }
    this.cache.set(abs, module)
    const code = readFileSync(abs, 'utf8')
    const fn = vm.runInContext(`(function (module, exports, require) {${code}\n})`, this.ctx, { filename: abs })
    fn(module, module.exports, (p: string) => this.require(path.resolve(path.dirname(abs), p)))
    return module.exports as Dict
  }

  /** Load app.js and run its onLaunch. */
  launch(query: Dict = {}): Dict {
    this.require('app')
    if (!this.appOptions) throw new Error('app.js did not call App()')
    const app = this.appOptions
    ;(app.onLaunch as ((o: Dict) => void) | undefined)?.call(app, { path: 'pages/index/index', query, scene: 1001 })
    ;(app.onShow as ((o: Dict) => void) | undefined)?.call(app, { path: 'pages/index/index', query, scene: 1001 })
    return app
  }

  /** Load a page module and create one instance whose setData applies Taro's path updates. */
  openPage(route: string, query: Dict = {}): PageHandle {
    this.pageOptions = null
    this.require(route)
    const options = this.pageOptions as Dict | null
    if (!options) throw new Error(`${route}.js did not call Page()`)
    const data: Dict = JSON.parse(JSON.stringify(options.data ?? {}))
    const inst: Dict = { ...options, data, route, options: query }
    inst.setData = (patch: Dict, cb?: () => void) => {
      for (const [k, v] of Object.entries(patch)) setPath(data, k, v)
      if (cb) setTimeout(cb, 0)
    }
    this.pages = [inst]
    const call = (name: string, ...args: unknown[]) =>
      (inst[name] as ((...a: unknown[]) => unknown) | undefined)?.apply(inst, args)
    call('onLoad', query)
    call('onShow')
    call('onReady')
    return new PageHandle(inst, data)
  }
}

export class PageHandle {
  constructor(
    readonly instance: Dict,
    readonly data: Dict,
  ) {}

  get root(): TaroNode {
    return (this.data.root as TaroNode) ?? {}
  }

  /** Every node (depth first). */
  nodes(): TaroNode[] {
    const out: TaroNode[] = []
    const walk = (n: TaroNode) => {
      out.push(n)
      for (const c of n.cn ?? []) walk(c)
    }
    walk(this.root)
    return out
  }

  byClass(cls: string): TaroNode[] {
    return this.nodes().filter((n) => typeof n.cl === 'string' && n.cl.split(/\s+/).includes(cls))
  }

  text(n: TaroNode = this.root): string {
    return (n.v ?? '') + (n.cn ?? []).map((c) => this.text(c)).join('')
  }

  /** Fire a tap on a node through the page's event handler (Taro binds `eh`). */
  tap(n: TaroNode): void {
    const id = n.sid ?? n.uid
    const ev = {
      type: 'tap',
      timeStamp: Date.now(),
      target: { id, dataset: {} },
      currentTarget: { id, dataset: {} },
      detail: {},
      mpEvent: undefined,
    }
    ;(this.instance.eh as (e: unknown) => void).call(this.instance, ev)
  }
}

export const tick = (ms = 20) => new Promise((r) => setTimeout(r, ms))

export async function until<T>(fn: () => T | undefined | null | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out waiting for the page')
    await tick()
  }
}
