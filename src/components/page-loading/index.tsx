import { View } from '@tarojs/components'
import './index.scss'

/** Skeleton placeholder shown while a page's first data loads. */
export default function PageLoading({ rows = 4, banner = false }: { rows?: number; banner?: boolean }) {
  return (
    <View className="page-loading">
      {banner && <View className="sk-block sk-banner" />}
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <View key={i} className="sk-row">
          <View className="sk-block sk-thumb" />
          <View className="sk-lines">
            <View className="sk-block sk-line" />
            <View className="sk-block sk-line sk-short" />
          </View>
        </View>
      ))}
    </View>
  )
}
