/**
 * What the room's interaction UIs share (issue 14): the sheet that opens when the lecturer pushes something, its
 * buttons, the share bars of results, the mm:ss of a countdown on the server's clock. The interactions' styles
 * (./interactions.scss) load with these parts. State and sends: the client's `ix` store (../../interactions).
 */
import { Text, View } from '@tarojs/components'
import Close from 'lucide/dist/esm/icons/x.mjs'
import type { ReactNode } from 'react'
import Icon from '@/components/icon'
import { ix, unescapeChat } from '@/features/live'
import './interactions.scss'

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * mm:ss of what is left (never below 0), to the nearest second: the server's clock is known to about half a second
 * (sysTime is whole seconds), so a 60 s check-in reads 01:00, not 01:01.
 */
export function leftText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`
}

export const plain = unescapeChat

export type SheetKind = 'questionnaire' | 'test' | 'lottery' | 'reward' | `redpaper-${number}`

// ---- sheets ------------------------------------------------------------------------------------

export function Sheet({
  kind,
  title,
  onClose,
  children,
  footer,
}: {
  kind: string
  title: string
  onClose: () => void
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <View className={`lv-sheet-mask lv-sheet-mask-${kind}`} onClick={onClose}>
      <View
        className={`lv-sheet lv-sheet-${kind}`}
        onClick={(e) => {
          e.stopPropagation()
        }}
      >
        <View className="lv-sheet-head">
          <Text className="lv-sheet-title">{title}</Text>
          <View className="lv-sheet-close" aria-label={ix('sheet.close')} onClick={onClose}>
            <Icon glyph={Close} className="lv-sheet-close-icon" />
          </View>
        </View>
        <View className="lv-sheet-body">{children}</View>
        {footer && <View className="lv-sheet-foot">{footer}</View>}
      </View>
    </View>
  )
}

export function Button({
  className,
  text,
  disabled,
  onClick,
}: {
  className: string
  text: string
  disabled?: boolean
  onClick: () => void
}) {
  return (
    <View
      className={`lv-btn ${className}${disabled ? ' is-disabled' : ''}`}
      aria-disabled={disabled ? 'true' : undefined}
      onClick={() => {
        if (!disabled) onClick()
      }}
    >
      <Text>{text}</Text>
    </View>
  )
}

const percent = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 100) : 0)

export function ShareBar({
  label,
  count,
  of,
  className = '',
}: {
  label: ReactNode
  count: number
  of: number
  className?: string
}) {
  const p = percent(count, of)
  return (
    <View className={`lv-share ${className}`.trim()}>
      <View className="lv-share-head">
        <View className="lv-share-label">{label}</View>
        <Text className="lv-share-value">
          {count} · {p}%
        </Text>
      </View>
      <View className="lv-share-track">
        <View className="lv-share-fill" style={{ width: `${p}%` }} />
      </View>
    </View>
  )
}
