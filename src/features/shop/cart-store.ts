/**
 * The cart (spec §3 shoppingCartList / shoppingNum). The server is the truth: every change is sent, then
 * the list is reloaded and the badge (`useApp.shoppingNum`) set from its `total`. Changes run one at a time
 * in tap order (a queue); only the newest reload is applied, so the list never shows a mix of old and new.
 * Checkboxes flip at once (optimistic) while `syncing`; the total shown is always the server's.
 */
import { create } from 'zustand'
import { useApp } from '../../store/app'
import { type CartList, cartChoose, cartDelete, cartList } from './api'

export type CartRow = CartList['rows'][number]

export interface CartState {
  shoppingCartList: CartRow[]
  total: number
  chosenCount: number
  /** cents, as the server computed it for the chosen on-sale rows */
  chosenTotalPrice: number
  status: 'idle' | 'loading' | 'ready' | 'error'
  /** a change or reload is under way: the total may be about to change */
  syncing: boolean
  load: () => Promise<void>
  choose: (cartIds: number[], choice: 0 | 1) => Promise<void>
  chooseAll: (choice: 0 | 1) => Promise<void>
  remove: (cartId: number) => Promise<void>
  /** resolves when every queued change and reload has finished */
  idle: () => Promise<void>
  reset: () => void
}

const quiet = { noLoading: true, silent: true } as const

let queue: Promise<unknown> = Promise.resolve()
let latest = 0

export const useCart = create<CartState>()((set, get) => {
  const apply = (list: CartList) => {
    set({
      shoppingCartList: list.rows,
      total: list.total,
      chosenCount: list.chosenCount,
      chosenTotalPrice: list.chosenTotalPrice,
      status: 'ready',
    })
    useApp.setState({ shoppingNum: list.total })
  }

  /** Queue `change` (may be none), then reload; the reload is applied only if no newer change was queued. */
  const run = (change?: () => Promise<unknown>): Promise<void> => {
    const mine = ++latest
    set({ syncing: true })
    const task = queue.then(async () => {
      let failed: unknown
      if (change) {
        try {
          await change()
        } catch (e) {
          // shown by the request layer; the reload below shows the truth again
          failed = e
        }
      }
      if (mine !== latest) return
      try {
        const list = await cartList(quiet)
        if (mine === latest) apply(list)
      } catch (e) {
        if (get().status !== 'ready') set({ status: 'error' })
        failed ??= e
      } finally {
        if (mine === latest) set({ syncing: false })
      }
      if (failed) throw failed
    })
    queue = task.catch(() => undefined)
    return task
  }

  const flip = (ids: number[] | 'all', choice: 0 | 1) =>
    set((s) => ({
      shoppingCartList: s.shoppingCartList.map((r) => (ids === 'all' || ids.includes(r.cartId) ? { ...r, choice } : r)),
    }))

  return {
    shoppingCartList: [],
    total: 0,
    chosenCount: 0,
    chosenTotalPrice: 0,
    status: 'idle',
    syncing: false,
    load: () => {
      if (get().status !== 'ready') set({ status: 'loading' })
      return run()
    },
    choose: (cartIds, choice) => {
      if (cartIds.length === 0) return Promise.resolve()
      flip(cartIds, choice)
      return run(() => cartChoose({ cartIds, choice }, { noLoading: true }))
    },
    chooseAll: (choice) => {
      flip('all', choice)
      return run(() => cartChoose({ all: true, choice }, { noLoading: true }))
    },
    remove: (cartId) => {
      set((s) => ({ shoppingCartList: s.shoppingCartList.filter((r) => r.cartId !== cartId) }))
      return run(() => cartDelete(cartId, { noLoading: true }))
    },
    idle: () => queue.then(() => undefined),
    reset: () => {
      latest++
      set({ shoppingCartList: [], total: 0, chosenCount: 0, chosenTotalPrice: 0, status: 'idle', syncing: false })
    },
  }
})
