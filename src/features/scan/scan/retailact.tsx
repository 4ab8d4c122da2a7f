import { View } from '@tarojs/components'
import { useLoad, useRouter } from '@tarojs/taro'
import { useMemo } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { shareGoods } from '@/features/shop/api'
import { keepInviteCode } from '@/features/shop/components/goods-card/actions'
import { t } from '@/i18n/sub'
import Landing from './landing'

/** Share-activity landing: the activity's goods at activity prices; buying passes activityId to the order. */
export default function RetailAct() {
  const { params } = useRouter()
  const id = Number(params.id) || 0

  useLoad(() => keepInviteCode(params.inviteCode))

  const fetch = useMemo(() => (id ? () => shareGoods(id, { noLoading: true, silent: true }) : null), [id])

  return (
    <View className="page" style={themeStyle}>
      <NavBar title={t('shop.landing.activity')} />
      <Landing fetch={fetch} invalidText={t('shop.landing.noId')} title={t('shop.landing.activity')} />
    </View>
  )
}
