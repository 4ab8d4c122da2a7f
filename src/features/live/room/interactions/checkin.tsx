/** The check-in card in the dock (issue 14): its countdown on the server's clock and the sign button. */
import { Text, View } from '@tarojs/components'
import { type CheckinCard, ix, type LiveClient } from '@/features/live'
import { Button, leftText, plain } from './parts'

export function CheckinBox({
  card,
  now,
  client,
  moderator,
}: {
  card: CheckinCard
  now: number
  client: LiveClient
  moderator: boolean
}) {
  return (
    <View className={`lv-checkin lv-checkin-${card.checkinId}${card.signed ? ' is-signed' : ''}`}>
      <View className="lv-checkin-main">
        <Text className="lv-checkin-title">{ix('checkin.title')}</Text>
        {!!card.message && <Text className="lv-checkin-message">{plain(card.message)}</Text>}
        <Text className="lv-checkin-left">{ix('checkin.left', { time: leftText(card.endsAt - now) })}</Text>
      </View>
      {card.signed ? (
        <Text className="lv-checkin-signed">{ix('checkin.signed')}</Text>
      ) : moderator ? null : (
        <Button
          className="lv-checkin-sign"
          text={ix('checkin.sign')}
          disabled={card.busy}
          onClick={() => void client.ix.sign()}
        />
      )}
    </View>
  )
}
