import { View } from '@tarojs/components'
import { useLoad, useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { distributionGoods } from '@/features/shop/api'
import { keepInviteCode } from '@/features/shop/components/goods-card/actions'
import { t } from '@/i18n/sub'
import Landing from './landing'

/**
 * The distributor's code from the link: `code`, or a mini-program QR `scene` that is either the code
 * itself or `code=...` (URL-encoded).
 */
export function recommendCode(params: Record<string, string | undefined>): string {
  if (params.code) return params.code.trim()
  if (!params.scene) return ''
  let scene = params.scene
  try {
    scene = decodeURIComponent(scene)
  } catch {
    // as given
  }
  if (!scene.includes('=')) return scene.trim()
  for (const pair of scene.split('&')) {
    const [k, v] = pair.split('=')
    if (k === 'code' && v) return v.trim()
  }
  return ''
}

/** Distribution landing (a distributor's shared link or QR code): its goods; the code becomes the invite code. */
export default function Recommen() {
  const { params } = useRouter()
  const code = recommendCode(params)

  useLoad(() => keepInviteCode(code || params.inviteCode))

  const fetch = useMemo(() => (code ? () => distributionGoods(code, { noLoading: true, silent: true }) : null), [code])

  return (
    <View className="page" style={themeStyle}>
      <NavBar title={t('shop.landing.recommend')} />
      <Landing fetch={fetch} invalidText={t('shop.landing.noCode')} title={t('shop.landing.recommend')} />
    </View>
  )
}
