/** The lottery sheet (issue 14): the draw's countdown, the winners, and a winner's claim form. */
import { Input, Text, Textarea, View } from '@tarojs/components'
import Gift from 'lucide/dist/esm/icons/gift.mjs'
import { useEffect, useState } from 'react'
import Icon from '@/components/icon'
import { ix, type LiveClient, type LotteryCard } from '@/features/live'
import { beforeAddress } from '@/services/api/account-extra'
import { isPhone } from '../../../../../shared/rules/phone'
import { useServerNow } from '../use-live'
import { Button, plain, Sheet } from './parts'

function ClaimForm({ card, client }: { card: LotteryCard; client: LiveClient }) {
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [address, setAddress] = useState('')
  const [error, setError] = useState('')
  // the address given for an earlier prize, as a start (what the learner has typed already stays)
  useEffect(() => {
    let live = true
    beforeAddress({ noLoading: true, silent: true })
      .then((a) => {
        if (!live || !a) return
        setName((v) => v || a.name)
        setPhone((v) => v || a.phone)
        setAddress((v) => v || a.address)
      })
      .catch(() => {}) // no earlier address to offer: the form starts empty
    return () => {
      live = false
    }
  }, [])
  if (card.claim === 'sent') return <Text className="lv-note lv-claim-sent">{ix('claim.sent')}</Text>
  const value = (set: (v: string) => void) => (e: { detail?: { value?: unknown } }) => {
    const v = e.detail?.value
    if (typeof v === 'string') {
      set(v)
      setError('')
    }
  }
  const submit = async () => {
    // the form's own word first (the server checks the same)
    if (!name.trim()) return setError(ix('claim.name'))
    if (!isPhone(phone.trim())) return setError(ix('claim.phone'))
    if (!address.trim()) return setError(ix('claim.address'))
    const r = await client.ix.claim({ name, phone, address })
    if (!r.ok && r.message) setError(r.message)
  }
  return (
    <View className="lv-claim">
      <Text className="lv-sub-head">{ix('claim.title')}</Text>
      <View className="lv-field">
        <Text className="lv-field-label">{ix('claim.nameLabel')}</Text>
        <Input
          className="lv-field-input lv-claim-name"
          value={name}
          maxlength={30}
          placeholder={ix('claim.namePlaceholder')}
          onInput={value(setName)}
        />
      </View>
      <View className="lv-field">
        <Text className="lv-field-label">{ix('claim.phoneLabel')}</Text>
        <Input
          className="lv-field-input lv-claim-phone"
          type="number"
          value={phone}
          maxlength={11}
          placeholder={ix('claim.phonePlaceholder')}
          onInput={value(setPhone)}
        />
      </View>
      <View className="lv-field">
        <Text className="lv-field-label">{ix('claim.addressLabel')}</Text>
        <Textarea
          className="lv-field-input lv-claim-address"
          value={address}
          maxlength={200}
          placeholder={ix('claim.addressPlaceholder')}
          onInput={value(setAddress)}
        />
      </View>
      {!!error && <Text className="lv-error lv-claim-error">{error}</Text>}
      <Button
        className="lv-claim-submit"
        text={ix('claim.submit')}
        disabled={card.claim === 'sending'}
        onClick={() => void submit()}
      />
    </View>
  )
}

export function LotterySheet({
  card,
  meId,
  client,
  onClose,
}: {
  card: LotteryCard
  meId: number | null
  client: LiveClient
  onClose: () => void
}) {
  const drawing = card.phase === 'drawing'
  const now = useServerNow(client, drawing)
  return (
    <Sheet kind="lottery" title={ix('lottery.title')} onClose={onClose}>
      <Text className="lv-lottery-prize">{ix('lottery.prize', { prize: plain(card.prize) })}</Text>
      {drawing ? (
        <View className="lv-lottery-drawing">
          <View className="lv-lottery-spin">
            <Icon glyph={Gift} className="lv-lottery-gift" />
          </View>
          <Text className="lv-lottery-drawing-text">{ix('lottery.drawing')}</Text>
          <Text className="lv-countdown-num">{Math.max(0, Math.ceil((card.drawAt - now) / 1000)) || ''}</Text>
          <Text className="lv-muted">{ix('lottery.count', { n: card.winnerCount })}</Text>
        </View>
      ) : (
        <>
          {card.won ? (
            <View className="lv-lottery-won">
              <Text className="lv-lottery-won-text">{ix('lottery.won')}</Text>
              <ClaimForm card={card} client={client} />
            </View>
          ) : (
            <Text className="lv-note lv-lottery-lost">{ix('lottery.lost')}</Text>
          )}
          <Text className="lv-sub-head">{ix('lottery.winners')}</Text>
          <View className="lv-lottery-winners">
            {card.winners.length === 0 ? (
              <Text className="lv-muted">{ix('lottery.noWinners')}</Text>
            ) : (
              card.winners.map((w) => (
                <Text
                  key={w.userId}
                  className={`lv-lottery-winner lv-lottery-winner-${w.userId}${w.userId === meId ? ' is-me' : ''}`}
                >
                  {plain(w.nick)}
                </Text>
              ))
            )}
          </View>
        </>
      )}
    </Sheet>
  )
}
