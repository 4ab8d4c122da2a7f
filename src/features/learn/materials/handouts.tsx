/** Handout rows, the one-time tip and the opener, shared by the materials pages (page files export only the page). */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useRef, useState } from 'react'
import { QUIET } from '@/features/bank/lib'
import type { Handout, HandoutFile } from '@/features/learn/api'
import { HANDOUT_OPENS_IN, openHandout } from '@/features/learn/handout'
import { t } from '@/i18n'
import { handoutTips, markHandoutTip } from '@/services/api/tabs'
import { ApiError } from '@/services/http/request'
import './handouts.scss'

// ---- shared by the materials pages ----

/** bytes -> "320 KB" / "2.4 MB" */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${bytes > 0 ? Math.max(1, Math.round(bytes / 1024)) : 0} KB`
}

/**
 * The handout tip: shown once per goods (the server remembers it: /base/handout/tip). Resolves after the
 * learner closed it, or at once when it was seen before.
 */
export function useHandoutTip() {
  const seen = useRef<Promise<Set<number>> | null>(null)
  return useCallback(async (goodsId: number) => {
    seen.current ??= handoutTips(QUIET)
      .then((rows) => new Set(rows.map((r) => r.goodsId)))
      // unknown: better to explain once more than never
      .catch(() => new Set<number>())
    const set = await seen.current
    if (set.has(goodsId)) return
    set.add(goodsId)
    await Taro.showModal({
      title: t('stuff.tip.title'),
      content: t('stuff.tip.content', { where: t(HANDOUT_OPENS_IN) }),
      showCancel: false,
      confirmText: t('common.ok'),
    })
    markHandoutTip(goodsId, QUIET).catch(() => undefined)
  }, [])
}

/** Open one handout at a time; `opening` is the handout being fetched and opened. */
export function useOpenHandout() {
  const [opening, setOpening] = useState<number | null>(null)
  const busy = useRef(false)
  const open = async (h: Handout, load: () => Promise<HandoutFile>, before?: () => Promise<void>) => {
    if (busy.current) return
    busy.current = true
    setOpening(h.handoutId)
    try {
      // no await without a tip: H5 opens the window while the tap still counts as a user gesture
      if (before) await before()
      await openHandout(load)
    } catch (e) {
      // an API failure was already shown by the request layer
      if (!(e instanceof ApiError)) Taro.showToast({ title: t('stuff.openFailed'), icon: 'none' })
    } finally {
      busy.current = false
      setOpening(null)
    }
  }
  return { opening, open }
}

export function HandoutRow({
  h,
  opening,
  locked = false,
  onOpen,
}: {
  h: Handout
  opening: boolean
  locked?: boolean
  onOpen: () => void
}) {
  return (
    <View
      className={`qb-row stuff-row stuff-handout-${h.handoutId}${locked ? ' is-locked' : ''}`}
      onClick={locked ? undefined : onOpen}
    >
      <Text className="stuff-type">{h.fileType}</Text>
      <View className="qb-row-main">
        <Text className="qb-row-title">{h.name}</Text>
        <Text className="qb-muted stuff-size">
          {formatSize(h.size)}
          {h.free && <Text className="stuff-free">{t('stuff.free')}</Text>}
        </Text>
      </View>
      <Text className="qb-muted stuff-state">
        {opening ? t('stuff.opening') : locked ? t('information.locked.row') : ''}
      </Text>
    </View>
  )
}
