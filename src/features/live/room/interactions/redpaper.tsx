/** A points packet's sheet (issue 14): open it for a share, or see it is all gone. */
import { Text, View } from '@tarojs/components'
import { ix, type LiveClient, type RedPacket } from '@/features/live'
import { plain, Sheet } from './parts'

export function RedPacketSheet({
  packet,
  client,
  onClose,
}: {
  packet: RedPacket
  client: LiveClient
  onClose: () => void
}) {
  const g = packet.grab
  return (
    <Sheet kind={`redpaper lv-sheet-redpaper-${packet.redpaperId}`} title={ix('redpaper.title')} onClose={onClose}>
      <View className="lv-redpacket">
        <Text className="lv-redpacket-from">{ix('redpaper.from', { name: plain(packet.user.nick) })}</Text>
        <Text className="lv-redpacket-greeting">{plain(packet.greeting) || ix('redpaper.greeting')}</Text>
        {g.state === 'idle' || g.state === 'busy' ? (
          packet.left > 0 ? (
            <View
              className={`lv-redpacket-open${g.state === 'busy' ? ' is-busy' : ''}`}
              onClick={() => void client.ix.grab(packet.redpaperId)}
            >
              <Text>{ix('redpaper.open')}</Text>
            </View>
          ) : (
            <Text className="lv-redpacket-gone">{ix('redpaper.gone')}</Text>
          )
        ) : g.state === 'won' ? (
          <View className="lv-redpacket-result">
            <Text className="lv-redpacket-won">{ix('redpaper.won', { n: g.points })}</Text>
            <Text className="lv-redpacket-hint">{ix('redpaper.wonHint')}</Text>
          </View>
        ) : (
          <Text className={g.state === 'gone' ? 'lv-redpacket-gone' : 'lv-redpacket-already'}>
            {ix(g.state === 'gone' ? 'redpaper.gone' : 'redpaper.already')}
          </Text>
        )}
        <Text className="lv-redpacket-meta">
          {ix('redpaper.points', { n: packet.totalPoints })} ·{' '}
          {ix('redpaper.left', { n: packet.left, count: packet.count })}
        </Text>
        <Text className="lv-redpacket-note">{ix('redpaper.note')}</Text>
      </View>
      {packet.grabs.length > 0 && (
        <View className="lv-redpacket-feed">
          {packet.grabs.map((x) => (
            <Text key={x.user.userId} className={`lv-redpacket-grab lv-redpacket-grab-${x.user.userId}`}>
              {ix('redpaper.feed', { name: plain(x.user.nick), n: x.points })}
            </Text>
          ))}
        </View>
      )}
    </Sheet>
  )
}
