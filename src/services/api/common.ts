import { ApiError } from '../http/error'
import { type CallOptions, call } from './call'

export function getConfig(configKey?: string, opts?: CallOptions) {
  return call('GET /app/common/config', { query: configKey ? { configKey } : {} }, opts)
}

export function getDict(dictType?: string, opts?: CallOptions) {
  return call('GET /app/common/system/dict/data/list', { query: dictType ? { dictType } : {} }, opts)
}

/** Server time, Unix seconds. */
export function getSysTime(opts?: CallOptions) {
  return call('GET /app/common/system/dict/data/sys/time', {}, opts)
}

export function homeAdverts(opts?: CallOptions) {
  return call('GET /app/common/base/advertising/homeLocation', {}, opts)
}

export function adverts(location: string, opts?: CallOptions) {
  return call('GET /app/common/base/advertising/adLocation', { query: { location } }, opts)
}

export function advertList(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /app/common/base/advertising/list', { query: { pageNum, pageSize } }, opts)
}

export function homeList(opts?: CallOptions) {
  return call('GET /app/common/base/home/list', {}, opts)
}

export function consultationList(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /app/consultation/list', { query: { pageNum, pageSize } }, opts)
}

export function consultationDetail(id: number, opts?: CallOptions) {
  return call('GET /app/consultation/details/:id', { params: { id } }, opts)
}

/** Cart count for the badge. The cart handler arrives in a later issue (501 until then): count 0. */
export async function cartTotal(opts?: CallOptions): Promise<number> {
  try {
    const data = (await call('GET /base/cart/list', undefined, { noLoading: true, silent: true, ...opts })) as {
      total?: unknown
    } | null
    return typeof data?.total === 'number' ? data.total : 0
  } catch (e) {
    if (e instanceof ApiError && e.code === 501) return 0
    throw e
  }
}
