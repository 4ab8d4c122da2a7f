import Skeleton from '@nutui/nutui-react-taro/dist/es/packages/skeleton/index.js'
import { View } from '@tarojs/components'
import '@nutui/nutui-react-taro/dist/es/packages/skeleton/style/css.js'
import './index.scss'

/** Skeleton placeholder shown while a page's first data loads (NutUI Skeleton blocks). */
export default function PageLoading({ rows = 4, banner = false }: { rows?: number; banner?: boolean }) {
  return (
    <View className="page-loading">
      {banner && <Skeleton className="sk-banner" shape="square" width="100%" height="100%" />}
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <View key={i} className="sk-row">
          <Skeleton className="sk-thumb" shape="square" width="100%" height="100%" />
          <Skeleton className="sk-lines" rows={2} />
        </View>
      ))}
    </View>
  )
}
