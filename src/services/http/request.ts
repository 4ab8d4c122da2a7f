/**
 * The only door to the API (spec §7/§8, DECISIONS.md). Adds the tenant and token headers, shows one
 * reference-counted loading mask, and turns envelope codes into app behaviour:
 * 401 refresh + retry (one shared refresh, at most 10 in a row), 409 one re-login modal,
 * 601 switch to the learning tab, 699 follow an http(s) URL, network failure toast, other codes toast. A refusal is
 * translated by its key (`key`, `vars`) when a loaded part of the catalogue has it (the subpackages' part, src/i18n/
 * sub.ts); else its `msg`, which the server wrote from the same text in the language named by `Accept-Language`
 * (the app's locale, on every call).
 */
import Taro from '@tarojs/taro'
import type { Envelope } from '../../../contract/types'
import { getLocale, i18n, t } from '../../i18n'
import { safeRedirectUrl } from '../../lib/redirect'
import { useSession } from '../../store/session'
import { storage } from '../storage'
import { tenantConfig } from '../tenant/config'
import { getTenantId } from '../tenant/index'
import { ApiError, NETWORK_ERROR, TENANT_ERROR } from './error'
import { openExternal } from './redirect'
import { REQUEST_TIMEOUT_MS, send, withQuery } from './transport'

export interface RequestOptions {
  /** API path, e.g. '/app/user/getInfo' (prefixed with the tenant file's apiBase) */
  url: string
  method?: 'GET' | 'POST'
  data?: unknown
  params?: Record<string, unknown>
  /** send only tenant-id, no Authorization */
  noToken?: boolean
  /** no loading mask */
  noLoading?: boolean
  /** leave the mask up after success; the caller ends its chain with hideLoading() */
  compleLoading?: boolean
  /** resolve the whole envelope for any code, with no code handling */
  raw?: boolean
  /** no toast for a failure (network or non-200); session codes (401/409/601/699) are still handled */
  silent?: boolean
}

export { ApiError, NETWORK_ERROR, TENANT_ERROR } from './error'

export const LOGIN_PAGE = '/pages4/login/login'
export const LEARN_TAB = '/pages/learn/index'
export const MAX_REFRESH = 10

// ---- loading mask ---------------------------------------------------------------------------

let loadingCount = 0
let loadingHeld = false
let loadingShown = false

function beginLoading(): void {
  loadingCount += 1
  if (!loadingShown) {
    loadingShown = true
    Taro.showLoading({ title: t('common.loading'), mask: true })
  }
}

function endLoading(hold: boolean): void {
  loadingCount = Math.max(0, loadingCount - 1)
  if (hold) loadingHeld = true
  if (loadingCount === 0 && !loadingHeld && loadingShown) {
    loadingShown = false
    Taro.hideLoading()
  }
}

/** End a compleLoading chain: hide the mask unless other calls are still running. */
export function hideLoading(): void {
  loadingHeld = false
  if (loadingCount === 0 && loadingShown) {
    loadingShown = false
    Taro.hideLoading()
  }
}

// ---- session codes --------------------------------------------------------------------------

let refreshing: Promise<string> | null = null
let refreshCount = 0
let conflictModalOpen = false

function currentRoute(): string {
  try {
    const pages = Taro.getCurrentPages()
    const page = pages[pages.length - 1] as { route?: string; path?: string } | undefined
    return (page?.route ?? page?.path ?? '').split('?')[0].replace(/^\//, '')
  } catch {
    return ''
  }
}

/** Fire-and-forget a Taro UI call: its failure (e.g. navigation refused) must not become an unhandled rejection. */
function quiet(p: unknown): void {
  if (p && typeof (p as Promise<unknown>).catch === 'function') (p as Promise<unknown>).catch(() => undefined)
}

function goLogin(): void {
  if (currentRoute() === LOGIN_PAGE.slice(1)) return
  quiet(Taro.navigateTo({ url: LOGIN_PAGE }))
}

function toast(title: string): void {
  if (title) quiet(Taro.showToast({ title, icon: 'none', duration: 2000 }))
}

async function headers(
  noToken: boolean | undefined,
): Promise<{ header: Record<string, string>; token: string | null }> {
  // the server answers refusals in this language (DECISIONS "Wire": refusal messages)
  const header: Record<string, string> = { 'tenant-id': await getTenantId(), 'Accept-Language': getLocale() }
  const token = noToken ? null : storage.get<string>('token')
  if (token) header.Authorization = `Bearer ${token}`
  return { header, token }
}

async function exchange(opts: RequestOptions, header: Record<string, string>): Promise<Envelope> {
  let res: Awaited<ReturnType<typeof send>>
  try {
    res = await send({
      url: withQuery(`${tenantConfig.apiBase}${opts.url}`, opts.params),
      method: opts.method ?? 'GET',
      data: opts.data,
      header,
      timeout: REQUEST_TIMEOUT_MS,
    })
  } catch {
    throw new ApiError(NETWORK_ERROR, t('error.network'))
  }
  const body = res.data as Partial<Envelope> | null
  if (body && typeof body === 'object' && typeof body.code === 'number') {
    const msg = typeof body.msg === 'string' ? body.msg : ''
    const key = typeof body.key === 'string' ? body.key : undefined
    return { code: body.code, msg: (key && i18n.lookup(key, body.vars)) || msg, data: body.data, key }
  }
  return { code: res.statusCode === 200 ? 500 : res.statusCode, msg: t('error.unknown'), data: null }
}

/** Ask for a new token with the current one; concurrent callers share one refresh. */
function refreshToken(account: string): Promise<string> {
  if (!refreshing) {
    refreshCount += 1
    refreshing = (async () => {
      const { header } = await headers(false)
      const env = await exchange({ url: `/refreshToken/${encodeURIComponent(account)}` }, header)
      const token = (env.data as { token?: unknown } | null)?.token
      if (env.code !== 200 || typeof token !== 'string' || !token) throw new ApiError(401, env.msg)
      useSession.getState().setToken(token)
      return token
    })().finally(() => {
      refreshing = null
    })
  }
  return refreshing
}

async function onUnauthorized<T>(opts: RequestOptions, env: Envelope, sentToken: string | null): Promise<T> {
  const account = storage.get<string>('user_account')
  if (!account) {
    goLogin()
    throw new ApiError(401, env.msg)
  }
  const stored = storage.get<string>('token')
  // another call refreshed while this one was in flight: just retry with the new token
  if (stored && sentToken && stored !== sentToken) return run<T>(opts)
  if (refreshCount >= MAX_REFRESH) {
    refreshCount = 0
    useSession.getState().clear()
    goLogin()
    throw new ApiError(401, env.msg)
  }
  try {
    await refreshToken(account)
  } catch (e) {
    if (e instanceof ApiError && e.code === NETWORK_ERROR) throw e
    useSession.getState().clear()
    goLogin()
    throw new ApiError(401, env.msg)
  }
  return run<T>(opts)
}

async function run<T>(opts: RequestOptions): Promise<T> {
  const { header, token } = await headers(opts.noToken)
  const env = await exchange(opts, header)
  if (opts.raw) return env as T
  if (env.code === 200) {
    refreshCount = 0
    return env.data as T
  }
  if (env.code === 401) return onUnauthorized<T>(opts, env, token)
  throw new ApiError(env.code, env.msg, env.data ?? null, env.key)
}

function onConflict(): void {
  useSession.getState().clear()
  if (conflictModalOpen) return
  conflictModalOpen = true
  Promise.resolve(
    Taro.showModal({
      title: t('error.conflict.title'),
      content: t('error.conflict.content'),
      confirmText: t('error.conflict.confirm'),
      cancelText: t('common.cancel'),
    }),
  )
    .then((r) => {
      if (r?.confirm) goLogin()
    })
    .catch(() => undefined)
    .finally(() => {
      conflictModalOpen = false
    })
}

function react(e: unknown, opts: RequestOptions): void {
  if (!(e instanceof ApiError)) {
    if (!opts.silent) toast(t('error.unknown'))
    return
  }
  switch (e.code) {
    case 401:
    case TENANT_ERROR:
      return
    case 409:
      onConflict()
      return
    case 601:
      quiet(Taro.switchTab({ url: LEARN_TAB }))
      quiet(Taro.showModal({ title: t('common.tip'), content: e.msg, showCancel: false, confirmText: t('common.ok') }))
      return
    case 699: {
      const url = safeRedirectUrl(e.msg)
      if (url) openExternal(url)
      return
    }
    default:
      if (!opts.silent) toast(e.msg || t('error.unknown'))
  }
}

export async function request<T>(opts: RequestOptions): Promise<T> {
  const mask = !opts.noLoading
  if (mask) beginLoading()
  try {
    const data = await run<T>(opts)
    if (mask) endLoading(!!opts.compleLoading)
    return data
  } catch (e) {
    if (mask) {
      // a failed chain must not leave a mask up: release any compleLoading hold before the toast
      endLoading(false)
      hideLoading()
    }
    react(e, opts)
    throw e instanceof ApiError ? e : new ApiError(NETWORK_ERROR, t('error.unknown'))
  }
}

/** Test hook: forget refresh counters, pending refresh, modal flag and mask state. */
export function resetRequestState(): void {
  refreshing = null
  refreshCount = 0
  conflictModalOpen = false
  loadingCount = 0
  loadingHeld = false
  loadingShown = false
}
