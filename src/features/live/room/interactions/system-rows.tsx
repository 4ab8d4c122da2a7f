/** Rewards, flowers and points packets as system lines between the chat messages (issue 14). */
import { Text, View } from '@tarojs/components'
import Gift from 'lucide/dist/esm/icons/gift.mjs'
import Icon from '@/components/icon'
import { ix, type SystemLine } from '@/features/live'
import { plain } from './parts'

export function systemRows(lines: SystemLine[], onPacket: (id: number) => void) {
  return lines.map((l) => ({
    key: l.id,
    time: l.time,
    node:
      l.kind === 'redpaper' ? (
        <View key={l.id} className="lv-sys lv-sys-redpaper" onClick={() => onPacket(l.redpaperId)}>
          <Icon glyph={Gift} className="lv-sys-icon" />
          <Text className="lv-sys-text">{ix('sys.redpaper', { name: plain(l.user.nick) })}</Text>
          <Text className="lv-sys-action">{ix('sys.grab')}</Text>
        </View>
      ) : (
        <View key={l.id} className={`lv-sys lv-sys-${l.kind}`}>
          <Text className="lv-sys-text">
            {l.kind === 'reward'
              ? ix('sys.reward', { name: plain(l.user.nick), n: l.points })
              : ix('sys.flowers', { name: plain(l.user.nick) })}
          </Text>
        </View>
      ),
  }))
}
