/** Typed calls by contract route key: path params, query and body placed from the route table. */
import { type RouteKey, type RouteMeta, routes } from '../../../contract/routes'
import type { RouteData, RouteInput } from '../../../contract/types'
import { type RequestOptions, request } from '../http/request'

export type CallOptions = Omit<RequestOptions, 'url' | 'method' | 'data' | 'params'>

interface LooseInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

export function routePath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params?.[name]
    if (v === undefined || v === null || v === '') throw new Error(`missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(v))
  })
}

export function call<K extends RouteKey>(key: K, input?: RouteInput<K>, opts: CallOptions = {}): Promise<RouteData<K>> {
  const route: RouteMeta = routes[key]
  const { params, query, body } = (input ?? {}) as LooseInput
  return request<RouteData<K>>({
    ...opts,
    url: routePath(route.path, params),
    method: route.method,
    params: query,
    data: route.method === 'POST' ? (body ?? {}) : undefined,
    noToken: opts.noToken ?? route.public === true,
    noLoading: opts.noLoading ?? route.quiet === true,
  })
}
