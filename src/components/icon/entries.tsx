/**
 * Icons of the entries the server hands out (home grid: `home/list` rows). The seed stores an icon per
 * entry as `/static-assets/icon-<key>.svg` (or a bare key); the app draws the key's glyph in its tone, in
 * this one place. An icon that is a real picture (a tenant's own upload) is shown as the picture.
 */
import { Image, View } from '@tarojs/components'
import { imageUrl } from '@/components/link'
import {
  Award,
  BookOpenCheck,
  ClipboardCheck,
  type Glyph,
  GraduationCap,
  Headset,
  LayoutGrid,
  MonitorPlay,
  Newspaper,
  Video,
} from './glyphs'
import Icon from './index'

export type Tone = 'blue' | 'orange' | 'green' | 'red' | 'purple' | 'cyan' | 'amber' | 'pink' | 'indigo' | 'primary'

export const ENTRY_ICONS: Readonly<Record<string, { glyph: Glyph; tone: Tone }>> = {
  course: { glyph: MonitorPlay, tone: 'orange' },
  bank: { glyph: BookOpenCheck, tone: 'blue' },
  exam: { glyph: ClipboardCheck, tone: 'pink' },
  learn: { glyph: GraduationCap, tone: 'cyan' },
  news: { glyph: Newspaper, tone: 'amber' },
  live: { glyph: Video, tone: 'purple' },
  cert: { glyph: Award, tone: 'green' },
  service: { glyph: Headset, tone: 'indigo' },
}

/** The icon key of an entry's icon field, or null when the field is a picture of its own. */
export function entryIconKey(icon: string | null | undefined): string | null {
  const s = (icon ?? '').trim()
  if (/^[a-z][a-z0-9-]*$/.test(s)) return s
  const m = /(?:^|\/)static-assets\/icon-([a-z][a-z0-9-]*)\.svg$/.exec(s)
  return m ? m[1]! : null
}

/** The tile of an entry: the key's glyph (a neutral glyph for an unknown key), else the picture. */
export function EntryIcon({ icon, className = '' }: { icon: string | null | undefined; className?: string }) {
  const key = entryIconKey(icon)
  if (key === null && icon)
    return (
      <Image
        className={`entry-icon-img ${className}`.trim()}
        src={imageUrl(icon)}
        mode="aspectFit"
        // decorative on H5: the entry's name is written under it
        nativeProps={{ alt: '' }}
      />
    )
  const def = (key && ENTRY_ICONS[key]) || { glyph: LayoutGrid, tone: 'primary' as const }
  return (
    <View className={`icon-tile tone-${def.tone} entry-icon entry-icon-${key ?? 'none'} ${className}`.trim()}>
      <Icon glyph={def.glyph} />
    </View>
  )
}
