/** The reward sheet (issue 14): give the lecturer some of my points. */
import { Text, View } from '@tarojs/components'
import { useEffect, useState } from 'react'
import { type InteractionState, ix, type LiveClient } from '@/features/live'
import { INTERACTION } from '../../../../../contract/schemas/live-interactions'
import { Button, Sheet } from './parts'

export const REWARD_AMOUNTS = [1, 5, 10, 20, 50, 100] as const

export function RewardSheet({
  ixs,
  client,
  onClose,
}: {
  ixs: InteractionState
  client: LiveClient
  onClose: () => void
}) {
  const [amount, setAmount] = useState<number>(REWARD_AMOUNTS[1])
  const [error, setError] = useState('')
  // biome-ignore lint/correctness/useExhaustiveDependencies: read the balance once per opening
  useEffect(() => {
    void client.ix.loadBalance()
  }, [])
  const balance = ixs.points.balance
  const send = async () => {
    setError('')
    const r = await client.ix.reward(amount)
    if (r.ok) onClose()
    else if (r.message) setError(r.message)
  }
  return (
    <Sheet
      kind="reward"
      title={ix('reward.title')}
      onClose={onClose}
      footer={
        <Button
          className="lv-reward-send"
          text={ix('reward.send', { n: amount })}
          disabled={ixs.points.rewarding}
          onClick={() => void send()}
        />
      }
    >
      <Text className="lv-reward-balance">
        {balance === null ? ix('reward.balanceLoading') : ix('reward.balance', { n: balance })}
      </Text>
      {balance === 0 && <Text className="lv-muted lv-reward-hint">{ix('reward.noPoints')}</Text>}
      <View className="lv-reward-amounts">
        {REWARD_AMOUNTS.filter((n) => n <= INTERACTION.REWARD_MAX_POINTS).map((n) => (
          <View
            key={n}
            className={`lv-reward-amount lv-reward-amount-${n}${amount === n ? ' is-on' : ''}${balance !== null && n > balance ? ' is-short' : ''}`}
            onClick={() => {
              setAmount(n)
              setError('')
            }}
          >
            <Text>{n}</Text>
          </View>
        ))}
      </View>
      {!!error && <Text className="lv-error lv-reward-error">{error}</Text>}
    </Sheet>
  )
}
