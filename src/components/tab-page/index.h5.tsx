import { View } from '@tarojs/components'
import type { PropsWithChildren } from 'react'
import TabBar from '@/components/tab-bar'
import { useTabShow } from './use-tab-show'

/** H5: the router ignores src/custom-tab-bar, so each tab page renders the bar itself (TOOLCHAIN.md). */
export default function TabPage({ index, children }: PropsWithChildren<{ index: number }>) {
  useTabShow(index)
  return (
    <>
      {children}
      <View className="tab-bar-spacer" />
      <TabBar />
    </>
  )
}
