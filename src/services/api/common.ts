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

/** Cart count for the badge: the number of rows in the learner's cart (spec §3). */
export async function cartTotal(opts?: CallOptions): Promise<number> {
  const data = await call('GET /base/cart/list', undefined, { noLoading: true, silent: true, ...opts })
  return data.total
}
