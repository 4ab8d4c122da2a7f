/**
 * Buying from the catalogue: login gate (isBack), add to cart, buy now, study now. Shared by the goods
 * detail, package detail and landing pages. The cart page and the order confirmation page belong to the
 * cart/order screens; this module only navigates to them.
 */
import Taro, { useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { banks } from '@/features/bank/api'
import { rememberBank } from '@/features/bank/lib'
import { cartAdd, checkBuy } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { storage } from '@/services/storage'
import { useApp } from '@/store/app'
import { isLoggedIn } from '@/store/session'
import { GOODS_TYPE } from '../../../../../contract/schemas/codes'

export const LOGIN_URL = '/pages4/login/login?isBack=1'
export const CART_URL = '/pages4/shopping/shoppingCart'
export const LEARN_TAB = '/pages/learn/index'
export const BANK_TAB = '/pages/questionBank/index'

/**
 * "Study now" for what was bought: a question bank opens the question-bank tab on its bank (made the current
 * bank); a live class its schedule (pages5/liveDetail/index); courses and packages open the learning tab. A bank
 * that cannot be looked up (network) still opens the question-bank tab.
 */
export async function openStudy(goodsId: number, goodsType: number): Promise<void> {
  // a live class opens its schedule (enter the room or its replay from there); a route string only
  if (goodsType === GOODS_TYPE.live && goodsId > 0) {
    await Taro.navigateTo({ url: `/pages5/liveDetail/index?goodsId=${goodsId}` })
    return
  }
  if (goodsType !== GOODS_TYPE.bank) {
    await Taro.switchTab({ url: LEARN_TAB })
    return
  }
  try {
    const [first] = await banks(goodsId, { noLoading: true, silent: true })
    if (first) rememberBank(first.bankId)
  } catch {
    // the tab shows the banks the learner has
  }
  await Taro.switchTab({ url: BANK_TAB })
}

/** The order confirmation page takes goodsIds (comma list) or cartIds; activity purchases add activityId. */
export function confirmUrl(goodsIds: number[], activityId?: number): string {
  const base = `/pages2/order/confirm_list?goodsIds=${goodsIds.join(',')}`
  return activityId ? `${base}&activityId=${activityId}` : base
}

/** A shared link's invite code (query `inviteCode`) is kept for the order and registration. */
export function keepInviteCode(code: string | undefined | null): void {
  if (!code) return
  let value = code
  try {
    value = decodeURIComponent(code)
  } catch {
    // keep as given
  }
  value = value.trim()
  if (value) storage.set('invite_code', value)
}

/** Logged in: true. Logged out: opens login (it comes back here after logging in) and answers false. */
export function requireLogin(): boolean {
  if (isLoggedIn()) return true
  Taro.navigateTo({ url: LOGIN_URL })
  return false
}

/** Bought state (re-checked on every show, so it updates after login or payment) and the buy actions. */
/** After paying: an order of question banks only opens its (first) bank; anything with a course the learning tab. */
export function openStudyOf(goods: readonly { goodsId: number; goodsType: number }[]): Promise<void> {
  const bank = goods.length > 0 && goods.every((g) => g.goodsType === GOODS_TYPE.bank) ? goods[0] : undefined
  return openStudy(bank?.goodsId ?? 0, bank ? GOODS_TYPE.bank : GOODS_TYPE.course)
}

export function useGoodsBuy(goodsId: number, goodsType = 1) {
  const [bought, setBought] = useState(false)
  const [adding, setAdding] = useState(false)
  const idRef = useRef(goodsId)
  idRef.current = goodsId

  const lastCheck = useRef(0)

  const recheck = useCallback(() => {
    const id = idRef.current
    // mount and the page's show can both ask at once (the bar mounts after the goods loads)
    if (Date.now() - lastCheck.current < 300) return
    lastCheck.current = Date.now()
    if (!id || !isLoggedIn()) {
      setBought(false)
      return
    }
    checkBuy(id, { noLoading: true, silent: true })
      .then((r) => {
        if (idRef.current === id) setBought(r.bought)
      })
      .catch(() => undefined)
  }, [])

  useDidShow(recheck)
  // biome-ignore lint/correctness/useExhaustiveDependencies: check again when the goods changes
  useEffect(recheck, [goodsId])

  const addCart = useCallback(async () => {
    if (!requireLogin() || adding || !idRef.current) return
    setAdding(true)
    try {
      await cartAdd(idRef.current)
      await useApp
        .getState()
        .refreshBadges()
        .catch(() => undefined)
      Taro.showToast({ title: t('shop.addedToCart'), icon: 'success' })
    } catch {
      // the request layer already showed the reason
    } finally {
      setAdding(false)
    }
  }, [adding])

  const buyNow = useCallback((activityId?: number) => {
    if (!requireLogin() || !idRef.current) return
    Taro.navigateTo({ url: confirmUrl([idRef.current], activityId) })
  }, [])

  const typeRef = useRef(goodsType)
  typeRef.current = goodsType
  const study = useCallback(() => {
    openStudy(idRef.current, typeRef.current).catch(() => undefined)
  }, [])

  return { bought, adding, addCart, buyNow, study, recheck }
}
