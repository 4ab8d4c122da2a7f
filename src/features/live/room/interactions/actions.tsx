/** The action row over the chat input (issue 14): flowers, reward, raise hand. */
import { Text, View } from '@tarojs/components'
import Flower from 'lucide/dist/esm/icons/flower-2.mjs'
import Gift from 'lucide/dist/esm/icons/gift.mjs'
import Hand from 'lucide/dist/esm/icons/hand.mjs'
import Icon from '@/components/icon'
import { type InteractionState, ix, type LiveClient } from '@/features/live'
import { useNow } from '../use-live'

export function ActionBar({
  ixs,
  client,
  onReward,
}: {
  ixs: InteractionState
  client: LiveClient
  onReward: () => void
}) {
  // re-render every second while the gap runs; the wait itself is read from the client's clock now
  useNow(1000)
  const wait = ixs.flowers.nextAt > 0 ? client.ix.flowerWait() : 0
  const m = ixs.mic
  // raising a hand leads somewhere only with a real-time audio path in this app (a `joinMedia` client): until one
  // exists it is not offered, even when the lecturer opens it (issue 25; the server keeps it closed where no
  // provider carries audio)
  const canRaise =
    m.open &&
    ixs.mediaClient &&
    !ixs.moderator &&
    (m.phase === 'idle' || m.phase === 'failed' || m.phase === 'cancelled')
  return (
    <View className="lv-actions">
      {canRaise && (
        <View
          className={`lv-action lv-mic-btn${m.busy ? ' is-busy' : ''}`}
          onClick={() => {
            if (!m.busy) void client.ix.raiseHand()
          }}
        >
          <Icon glyph={Hand} className="lv-action-icon" />
          <Text>{ix('mic.raise')}</Text>
        </View>
      )}
      <View
        className={`lv-action lv-flowers${wait > 0 ? ' is-wait' : ''}`}
        onClick={() => void client.ix.sendFlowers()}
      >
        <Icon glyph={Flower} className="lv-action-icon" />
        <Text>{wait > 0 ? `${wait}s` : ix('flowers.send')}</Text>
      </View>
      {!ixs.moderator && (
        <View className="lv-action lv-reward-btn" onClick={onReward}>
          <Icon glyph={Gift} className="lv-action-icon" />
          <Text>{ix('reward.title')}</Text>
        </View>
      )}
    </View>
  )
}
