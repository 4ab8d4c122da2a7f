/** App-wide state this foundation needs (spec §3 global state): tabs, config, dictionary, badges, scene. */
import { create } from 'zustand'
import type { ConfigRow, DictRow } from '../../contract/types'
import { buyHidden } from '../../shared/rules/buy'
import { unreadSum } from '../../shared/rules/unread'
import { cartTotal, getConfig, getDict, getSysTime } from '../services/api/common'
import { infoAttached } from '../services/api/user'
import { storage } from '../services/storage'
import { buyEnv } from '../services/tenant/buy-env'
import { isLoggedIn } from './session'

/** consult.mobile / consult.pc: the floating consultation widget (spec §3). */
export interface ConsultConfig {
  consultationStatus?: number | string | boolean
  serviceHotlineStatus?: number | string | boolean
  servicingTime?: string
  serviceNumber?: string
  serviceWechatStatus?: number | string | boolean
  serviceWechatImg?: string
  serviceWechatNumber?: string
  shoppingCarStatus?: number | string | boolean
}

export interface HeaderConfig {
  companyName?: string
  [k: string]: unknown
}

export type ConfigMap = Record<string, unknown>
export type DictObj = Record<string, DictRow[]>

export interface AppState {
  current: number
  tabShow: boolean
  config: ConfigMap
  header: HeaderConfig | null
  nav: unknown[]
  other: unknown
  consultMobile: ConsultConfig | null
  consultPc: ConsultConfig | null
  dictObj: DictObj
  /** the unread badge on 我的: what the learner can open (shared/rules/unread.ts) */
  tabNums: number
  /** orders waiting for payment (the badge on My account's 待支付 shortcut) */
  pendingOrders: number
  /** unread messages (informSum): My account's messages entry (pages2/msg) */
  unreadMessages: number
  /** booked exam sittings whose commitment letter is not signed (subscribeSum): My account's appointments entry */
  lettersToSign: number
  /** today's planned study items not done yet (planSum): My account's study plan entry (pages2/plan) */
  plansToDo: number
  shoppingNum: number
  sysTime: number
  scene: number | null
  tenantId: string
  /**
   * Buying is hidden on this platform (spec §3 global state): the school's `client.config` `hideBuyState` applied
   * to where the app runs (shared/rules/buy.ts): never on H5, in the mini-program on iOS or everywhere per the flag
   */
  hideBuyState: boolean
  allowLoading: boolean
  /** purchase-centre filters (spec §3): chosen education type, business level and subject ids */
  educationType: number | null
  businessLevel: number | null
  sujectType: number | null
  setEducationType: (id: number | null) => void
  setBusinessLevel: (id: number | null) => void
  setSujectType: (id: number | null) => void
  setCurrent: (i: number) => void
  setTabShow: (b: boolean) => void
  setTenantId: (id: string) => void
  setScene: (s: number | null) => void
  loadConfig: () => Promise<void>
  loadDict: () => Promise<void>
  loadSysTime: () => Promise<void>
  refreshBadges: () => Promise<void>
}

/** configValue is JSON text; a value that does not parse is kept as the raw string. */
export function parseConfig(rows: readonly ConfigRow[]): ConfigMap {
  const out: ConfigMap = {}
  for (const row of rows) {
    try {
      out[row.configKey] = JSON.parse(row.configValue)
    } catch {
      out[row.configKey] = row.configValue
    }
  }
  return out
}

/** Rows grouped by dictType, each group in dictSort order. */
export function groupDict(rows: readonly DictRow[]): DictObj {
  const out: DictObj = {}
  for (const row of rows) {
    const list = out[row.dictType] ?? []
    list.push(row)
    out[row.dictType] = list
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.dictSort - b.dictSort)
  return out
}

/** The label of a dictionary value ('' when unknown). */
export function dictLabel(dictObj: DictObj, dictType: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  return dictObj[dictType]?.find((r) => r.dictValue === String(value))?.dictLabel ?? ''
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export const useApp = create<AppState>()((set) => ({
  current: 0,
  tabShow: true,
  config: {},
  header: null,
  nav: [],
  other: null,
  consultMobile: null,
  consultPc: null,
  dictObj: {},
  tabNums: 0,
  pendingOrders: 0,
  unreadMessages: 0,
  lettersToSign: 0,
  plansToDo: 0,
  shoppingNum: 0,
  sysTime: 0,
  scene: storage.get<number>('scene'),
  tenantId: '',
  hideBuyState: false,
  allowLoading: true,
  educationType: null,
  businessLevel: null,
  sujectType: null,
  setEducationType: (id) => set({ educationType: id }),
  setBusinessLevel: (id) => set({ businessLevel: id }),
  setSujectType: (id) => set({ sujectType: id }),
  setCurrent: (i) => set({ current: i }),
  setTabShow: (b) => set({ tabShow: b }),
  setTenantId: (id) => set({ tenantId: id }),
  setScene: (s) => {
    if (s === null) storage.remove('scene')
    else storage.set('scene', s)
    set({ scene: s })
  },
  loadConfig: async () => {
    const rows = await getConfig(undefined, { noLoading: true })
    const config = parseConfig(rows)
    const header = config['home.header']
    const mobile = config['home.mobile']
    const client = config['client.config']
    const consultMobile = config['consult.mobile']
    const consultPc = config['consult.pc']
    set({
      config,
      header: isObject(header) ? (header as HeaderConfig) : null,
      nav: isObject(mobile) && Array.isArray(mobile.nav) ? mobile.nav : [],
      other: isObject(mobile) ? (mobile.other ?? null) : null,
      consultMobile: isObject(consultMobile) ? (consultMobile as ConsultConfig) : null,
      consultPc: isObject(consultPc) ? (consultPc as ConsultConfig) : null,
      hideBuyState: isObject(client) ? buyHidden(client.hideBuyState, buyEnv()) : false,
    })
  },
  loadDict: async () => {
    const rows = await getDict(undefined, { noLoading: true })
    set({ dictObj: groupDict(rows) })
  },
  loadSysTime: async () => {
    const sysTime = await getSysTime({ noLoading: true })
    set({ sysTime })
  },
  refreshBadges: async () => {
    if (!isLoggedIn()) {
      set({ tabNums: 0, pendingOrders: 0, unreadMessages: 0, lettersToSign: 0, plansToDo: 0, shoppingNum: 0 })
      return
    }
    const [info, total] = await Promise.allSettled([infoAttached({ noLoading: true, silent: true }), cartTotal()])
    set({
      ...(info.status === 'fulfilled'
        ? {
            tabNums: unreadSum(info.value),
            pendingOrders: Math.max(0, Number(info.value.orderSum) || 0),
            unreadMessages: Math.max(0, Number(info.value.informSum) || 0),
            lettersToSign: Math.max(0, Number(info.value.subscribeSum) || 0),
            plansToDo: Math.max(0, Number(info.value.planSum) || 0),
          }
        : {}),
      ...(total.status === 'fulfilled' ? { shoppingNum: total.value } : {}),
    })
  },
}))
