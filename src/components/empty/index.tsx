import NutEmpty from '@nutui/nutui-react-taro/dist/es/packages/empty/index.js'
import { Text, View } from '@tarojs/components'
// Only Empty's own CSS: style/css.js would also pull NutUI Button's 15 KB stylesheet, which nothing here renders.
import '@nutui/nutui-react-taro/dist/es/packages/empty/style/style.css'
import './index.scss'

export interface EmptyProps {
  text: string
  hint?: string
  actionText?: string
  onAction?: () => void
}

/** An honest empty (or error / not-found) state with an optional action (NutUI Empty). */
export default function Empty({ text, hint, actionText, onAction }: EmptyProps) {
  return (
    <NutEmpty
      className="empty-state"
      // Our own drawn icon instead of NutUI's default picture, which is loaded from JD's CDN.
      image={
        <View className="empty-icon">
          <View className="empty-icon-box" />
        </View>
      }
      title={text}
      description={hint ?? ''}
    >
      {!!actionText && !!onAction && (
        <View className="empty-action" onClick={onAction}>
          <Text>{actionText}</Text>
        </View>
      )}
    </NutEmpty>
  )
}
