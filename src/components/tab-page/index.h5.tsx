import { View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import type { PropsWithChildren } from 'react'
import TabBar from '@/components/tab-bar'
import { useApp } from '@/store/app'

/** H5: the router ignores src/custom-tab-bar, so each tab page renders the bar itself (TOOLCHAIN.md). */
export default function TabPage({ index, children }: PropsWithChildren<{ index: number }>) {
  useDidShow(() => {
    const app = useApp.getState()
    app.setCurrent(index)
    app.refreshBadges().catch(() => undefined)
  })
  return (
    <>
      {children}
      <View className="tab-bar-spacer" />
      <TabBar />
    </>
  )
}
