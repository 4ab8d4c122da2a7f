import { Text, View } from '@tarojs/components'
import './index.scss'

/** The head of a "done" page (booked, applied): a check mark (grey when the thing was cancelled) and a title. */
export default function ResultHead({ title, muted = false }: { title: string; muted?: boolean }) {
  return (
    <View className={`result-head${muted ? ' is-muted' : ''}`}>
      <View className="result-head-icon" />
      <Text className="result-head-title">{title}</Text>
    </View>
  )
}
