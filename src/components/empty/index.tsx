import { Text, View } from '@tarojs/components'
// NutUI Empty's stylesheet only: its component would also bring NutUI Button and the icon font into the weapp main
// package (about 17 KB with their CSS) for an action row this component never uses, so the markup is ours.
import '@nutui/nutui-react-taro/dist/es/packages/empty/style/style.css'
import './index.scss'

export interface EmptyProps {
  text: string
  hint?: string
  actionText?: string
  onAction?: () => void
}

/** An honest empty (or error / not-found) state with an optional action (NutUI Empty's layout and classes). */
export default function Empty({ text, hint, actionText, onAction }: EmptyProps) {
  return (
    <View className="nut-empty empty-state">
      {/* Our own drawn icon instead of NutUI's default picture, which is loaded from JD's CDN. */}
      <View className="nut-empty-base">
        <View className="empty-icon">
          <View className="empty-icon-box" />
        </View>
      </View>
      {!!text && <View className="nut-empty-title">{text}</View>}
      <View className="nut-empty-description">{hint ?? ''}</View>
      {!!actionText && !!onAction && (
        <View className="empty-action" onClick={onAction}>
          <Text>{actionText}</Text>
        </View>
      )}
    </View>
  )
}
