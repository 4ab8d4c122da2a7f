import { View } from '@tarojs/components'
import type { PropsWithChildren } from 'react'
import '@/components/tab-bar/index.scss'
import { useTabShow } from './use-tab-show'

/**
 * Wraps a tab page. Mini-program: the native custom-tab-bar renders the bar, this only marks the
 * active tab and leaves room below the content. H5: see index.h5.tsx.
 */
export default function TabPage({ index, children }: PropsWithChildren<{ index: number }>) {
  useTabShow(index)
  return (
    <>
      {children}
      <View className="tab-bar-spacer" />
    </>
  )
}
