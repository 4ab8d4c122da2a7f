import { Text, View } from '@tarojs/components'
import './index.scss'

export interface EmptyProps {
  text: string
  hint?: string
  actionText?: string
  onAction?: () => void
}

/** An honest empty (or error / not-found) state with an optional action. */
export default function Empty({ text, hint, actionText, onAction }: EmptyProps) {
  return (
    <View className="empty-state">
      <View className="empty-icon">
        <View className="empty-icon-box" />
      </View>
      <Text className="empty-text">{text}</Text>
      {!!hint && <Text className="empty-hint">{hint}</Text>}
      {!!actionText && !!onAction && (
        <View className="empty-action" onClick={onAction}>
          <Text>{actionText}</Text>
        </View>
      )}
    </View>
  )
}
