/**
 * The room's interactions (issue 14) as the learner meets them: the dock under the bulletin (the check-in card with
 * its countdown, pills that reopen a running questionnaire, answer card or a won lottery), the sheets that open when
 * the lecturer pushes something (questionnaire, answer card with its result, lottery draw with the claim form, a
 * points packet, the reward chooser), the action row over the chat input (flowers, reward, raise hand), the mic bar
 * (requested / allowed / on the mic / failed / cancelled, and the lecturer's mute states) and the floating flowers.
 * State and sends: the client's `ix` store (src/services/live/interactions.ts); countdowns on the server's clock.
 */
import { Input, Text, Textarea, View } from '@tarojs/components'
import Flower from 'lucide/dist/esm/icons/flower-2.mjs'
import Gift from 'lucide/dist/esm/icons/gift.mjs'
import Hand from 'lucide/dist/esm/icons/hand.mjs'
import Mic from 'lucide/dist/esm/icons/mic.mjs'
import MicOff from 'lucide/dist/esm/icons/mic-off.mjs'
import Close from 'lucide/dist/esm/icons/x.mjs'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Ring } from '@/components/chart'
import Icon from '@/components/icon'
import RichHtml from '@/components/rich-html'
import {
  type AnswerCard,
  type CheckinCard,
  type InteractionState,
  isMultiple,
  ix,
  type LiveClient,
  type LotteryCard,
  type QuestionnaireCard,
  type RedPacket,
  type SystemLine,
  unescapeChat,
} from '@/features/live'
import { beforeAddress } from '@/services/api/account-extra'
import { INTERACTION } from '../../../../contract/schemas/live-interactions'
import { isPhone } from '../../../../shared/rules/phone'
import { useNow, useServerNow } from './use-live'
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

const plain = unescapeChat

export type SheetKind = 'questionnaire' | 'test' | 'lottery' | 'reward' | `redpaper-${number}`

// ---- sheets ------------------------------------------------------------------------------------

function Sheet({
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

function Button({
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

function ShareBar({
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

type Draft = Record<number, number[] | string>

export function QuestionnaireSheet({
  card,
  client,
  onClose,
}: {
  card: QuestionnaireCard
  client: LiveClient
  onClose: () => void
}) {
  const [draft, setDraft] = useState<Draft>({})
  const [error, setError] = useState('')
  const open = card.status === 'open'
  const result = card.result

  const pick = (i: number, j: number, multiple: boolean) => {
    if (!open) return
    setError('')
    setDraft((d) => {
      const was = Array.isArray(d[i]) ? (d[i] as number[]) : []
      const next = multiple ? (was.includes(j) ? was.filter((x) => x !== j) : [...was, j]) : [j]
      return { ...d, [i]: next }
    })
  }
  const submit = async () => {
    const answers = card.items.map((item, i) =>
      item.type === 'text'
        ? { text: typeof draft[i] === 'string' ? (draft[i] as string) : '' }
        : { options: Array.isArray(draft[i]) ? (draft[i] as number[]) : [] },
    )
    const r = await client.ix.answerQuestionnaire(answers)
    if (!r.ok && r.message) setError(r.message)
  }

  let footer: ReactNode
  if (open)
    footer = (
      <Button
        className="lv-q-submit"
        text={ix('questionnaire.submit')}
        disabled={card.busy}
        onClick={() => void submit()}
      />
    )
  else
    footer = (
      <Text className={card.status === 'submitted' ? 'lv-note lv-q-submitted' : 'lv-note lv-q-closed'}>
        {ix(card.status === 'submitted' ? 'questionnaire.submitted' : 'questionnaire.closed')}
      </Text>
    )

  return (
    <Sheet
      kind="questionnaire"
      title={plain(card.title) || ix('questionnaire.title')}
      onClose={onClose}
      footer={footer}
    >
      {result && <Text className="lv-muted lv-q-answered">{ix('questionnaire.answered', { n: result.answered })}</Text>}
      {card.items.map((item, i) => {
        const r = result?.items[i]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed for the questionnaire's life; the index is their id
          <View key={i} className={`lv-q-item lv-q-item-${i}`}>
            <View className="lv-q-title">
              <Text>
                {i + 1}. {plain(item.title)}
              </Text>
              <Text className="lv-q-type">{ix(`questionnaire.${item.type}`)}</Text>
            </View>
            {item.type === 'text' ? (
              r && r.type === 'text' ? (
                <View className="lv-q-texts">
                  {r.texts.length === 0 ? (
                    <Text className="lv-muted">{ix('questionnaire.noTexts')}</Text>
                  ) : (
                    r.texts.map((t, k) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id; the list is replaced whole
                      <Text key={k} className="lv-q-text-answer">
                        {plain(t)}
                      </Text>
                    ))
                  )}
                </View>
              ) : open ? (
                <Textarea
                  className="lv-q-textarea"
                  value={typeof draft[i] === 'string' ? (draft[i] as string) : ''}
                  maxlength={500}
                  placeholder={ix('questionnaire.textPlaceholder')}
                  onInput={(e) => {
                    const v: unknown = e.detail?.value
                    if (typeof v === 'string') setDraft((d) => ({ ...d, [i]: v }))
                  }}
                />
              ) : null
            ) : r && r.type !== 'text' ? (
              item.options.map((o, j) => (
                <ShareBar
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed; the index is what answers name
                  key={j}
                  className={`lv-q-result lv-q-result-${j}`}
                  label={<Text>{plain(o)}</Text>}
                  count={r.counts[j] ?? 0}
                  of={result?.answered ?? 0}
                />
              ))
            ) : (
              item.options.map((o, j) => {
                const on = Array.isArray(draft[i]) && (draft[i] as number[]).includes(j)
                return (
                  <View
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed; the index is what answers name
                    key={j}
                    className={`lv-choice lv-q-option lv-q-option-${j}${on ? ' is-on' : ''}${item.type === 'multiple' ? ' is-multi' : ''}${open ? '' : ' is-locked'}`}
                    onClick={() => pick(i, j, item.type === 'multiple')}
                  >
                    <View className="lv-choice-mark" />
                    <Text className="lv-choice-text">{plain(o)}</Text>
                  </View>
                )
              })
            )}
          </View>
        )
      })}
      {!!error && <Text className="lv-error lv-q-error">{error}</Text>}
    </Sheet>
  )
}

export function AnswerSheet({ card, client, onClose }: { card: AnswerCard; client: LiveClient; onClose: () => void }) {
  // the countdown ticks here only (not the whole room), on the server's clock, until the result
  const now = useServerNow(client, !card.result)
  const [picked, setPicked] = useState<string[]>([])
  const t = card.test
  const multi = isMultiple(t.quesType)
  const result = card.result
  const left = t.endsAt - now
  const timeUp = left <= 0
  const locked = card.answered || !!result || timeUp

  const toggle = (label: string) => {
    if (locked) return
    setPicked((p) => (multi ? (p.includes(label) ? p.filter((x) => x !== label) : [...p, label].sort()) : [label]))
  }
  const mine = card.mine ?? []
  const typeKey = t.quesType === 2 ? 'test.type.2' : t.quesType === 3 ? 'test.type.3' : 'test.type.1'

  let footer: ReactNode
  if (result) footer = null
  else if (card.answered) footer = <Text className="lv-note lv-test-submitted">{ix('test.submitted')}</Text>
  else if (timeUp) footer = <Text className="lv-note lv-test-timeup">{ix('test.timeUp')}</Text>
  else
    footer = (
      <Button
        className="lv-test-submit"
        text={ix('test.submit')}
        disabled={picked.length === 0 || card.busy}
        onClick={() => void client.ix.answerTest(picked)}
      />
    )

  return (
    <Sheet kind="test" title={ix(result ? 'test.result' : 'test.title')} onClose={onClose} footer={footer}>
      <View className="lv-test-head">
        <Text className="lv-test-type">{ix(typeKey)}</Text>
        {!result && !timeUp && <Text className="lv-test-left">{ix('test.left', { time: leftText(left) })}</Text>}
      </View>
      <RichHtml className="lv-test-stem" html={t.stem} />
      {t.options.map(([label, text]) => {
        const chosen = (result || card.answered ? mine : picked).includes(label)
        const right = !!result && result.answer.includes(label)
        // after the result a chosen option that is not right is marked wrong (red), not merely chosen
        const wrong = !!result && chosen && !right
        return (
          <View
            key={label}
            className={`lv-choice lv-test-option lv-test-option-${label}${chosen ? ' is-on' : ''}${right ? ' is-right' : ''}${wrong ? ' is-wrong' : ''}${multi ? ' is-multi' : ''}${locked ? ' is-locked' : ''}`}
            onClick={() => toggle(label)}
          >
            <Text className="lv-test-label">{label}</Text>
            <RichHtml className="lv-choice-text" html={text} />
            {result && (
              <Text className="lv-test-count">{ix('test.people', { n: result.distribution[label] ?? 0 })}</Text>
            )}
          </View>
        )
      })}
      {result && (
        <View className="lv-test-result">
          <View className="lv-test-summary">
            <Ring
              value={Math.round(result.rightRate * 100)}
              text={`${Math.round(result.rightRate * 100)}%`}
              caption={ix('test.rightRate')}
              color="#00a870"
              valueClassName="lv-test-rate"
            />
            <View className="lv-test-verdicts">
              <Text className={`lv-test-verdict is-${card.verdict ?? 'answered'}`}>
                {card.verdict ? ix(`test.${card.verdict}`) : ix('test.unknownMine')}
              </Text>
              <Text className="lv-test-right-answer">{ix('test.rightAnswer', { answer: result.answer.join('') })}</Text>
              {card.mine && card.mine.length > 0 && (
                <Text className="lv-test-my-answer">{ix('test.myAnswer', { answer: card.mine.join('') })}</Text>
              )}
              <Text className="lv-muted lv-test-counts">
                {ix('test.answered', { n: result.answered, r: result.right })}
              </Text>
            </View>
          </View>
          <Text className="lv-sub-head">{ix('test.distribution')}</Text>
          <View className="lv-test-dist">
            {t.options.map(([label]) => (
              <ShareBar
                key={label}
                className={`lv-test-dist-row lv-test-dist-${label}${result.answer.includes(label) ? ' is-right' : ''}`}
                label={<Text>{label}</Text>}
                count={result.distribution[label] ?? 0}
                of={result.answered}
              />
            ))}
          </View>
          {!!result.analysis && (
            <>
              <Text className="lv-sub-head">{ix('test.analysis')}</Text>
              <RichHtml className="lv-test-analysis" html={result.analysis} />
            </>
          )}
        </View>
      )}
    </Sheet>
  )
}

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

// ---- the dock under the bulletin ------------------------------------------------------------------

function CheckinBox({
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

function Pill({
  className,
  label,
  action,
  onClick,
}: {
  className: string
  label: string
  action: string
  onClick: () => void
}) {
  return (
    <View className={`lv-dock-pill ${className}`} onClick={onClick}>
      <Text className="lv-dock-pill-label">{label}</Text>
      <Text className="lv-dock-pill-action">{action}</Text>
    </View>
  )
}

export function InteractionDock({
  ixs,
  client,
  onOpen,
}: {
  ixs: InteractionState
  client: LiveClient
  onOpen: (kind: SheetKind) => void
}) {
  const q = ixs.questionnaire
  const t = ixs.test
  // the check-in's and the answer card's countdowns, on the server's clock (only this part re-renders)
  const now = useServerNow(client, !!ixs.checkin || (!!t && !t.result))
  const [open, setOpen] = useState(false)
  const l = ixs.lottery
  const claim = l && l.phase === 'drawn' && l.won && l.claim !== 'sent'
  // what is over (a stopped questionnaire, an answer card past its time or with its result) folds into one line,
  // so finished interactions never push the chat off the screen (issue 25); what still asks for the learner stays
  const qDone = !!q && q.status !== 'open'
  const tDone = !!t && (!!t.result || t.test.endsAt <= now)
  const questionnaire = q && (
    <Pill
      className="lv-pill-questionnaire"
      label={`${ix('questionnaire.title')} · ${plain(q.title)}`}
      action={ix(
        q.status === 'open' ? 'questionnaire.open' : q.result ? 'questionnaire.results' : 'questionnaire.view',
      )}
      onClick={() => onOpen('questionnaire')}
    />
  )
  const test = t && (
    <Pill
      className="lv-pill-test"
      label={
        tDone ? ix('test.title') : `${ix('test.title')} · ${ix('test.left', { time: leftText(t.test.endsAt - now) })}`
      }
      action={ix(t.result ? 'test.result' : t.answered ? 'questionnaire.view' : 'test.open')}
      onClick={() => onOpen('test')}
    />
  )
  const finished = [qDone && questionnaire, tDone && test].filter(Boolean)
  if (!ixs.checkin && !q && !t && !claim && !(l && l.phase === 'drawing')) return null
  return (
    <View className="lv-dock">
      {ixs.checkin && <CheckinBox card={ixs.checkin} now={now} client={client} moderator={ixs.moderator} />}
      {!qDone && questionnaire}
      {!tDone && test}
      {l && l.phase === 'drawing' && (
        <Pill
          className="lv-pill-lottery"
          label={`${ix('lottery.title')} · ${plain(l.prize)}`}
          action={ix('lottery.drawing')}
          onClick={() => onOpen('lottery')}
        />
      )}
      {claim && (
        <Pill
          className="lv-pill-claim"
          label={ix('lottery.claimAgain')}
          action={ix('claim.open')}
          onClick={() => onOpen('lottery')}
        />
      )}
      {finished.length > 0 && (
        <View className={`lv-dock-finished${open ? ' is-open' : ''}`}>
          <View className="lv-dock-finished-head" onClick={() => setOpen(!open)}>
            <Text className="lv-dock-finished-label">{ix('dock.finished', { n: finished.length })}</Text>
            <Text className="lv-dock-finished-toggle">{ix(open ? 'dock.hide' : 'dock.show')}</Text>
          </View>
          {open && finished}
        </View>
      )}
    </View>
  )
}

// ---- chat lines --------------------------------------------------------------------------------

/** Rewards, flowers and points packets as system lines between the chat messages. */
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

// ---- actions over the chat input -----------------------------------------------------------------

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

/** The microphone's state and the lecturer's mute states; nothing when there is nothing to say. */
export function MicBar({ ixs, meId, client }: { ixs: InteractionState; meId: number | null; client: LiveClient }) {
  const m = ixs.mic
  const now = useServerNow(client, m.phase === 'allowed' && m.mediaAvailable && ixs.mediaClient)
  const c = ixs.control
  const chips: string[] = []
  if (c.mutedAll) chips.push(ix('control.mutedAll'))
  if (c.audioMuted) chips.push(ix('control.mutedMe'))
  if (c.videoMuted) chips.push(ix('control.videoMuted'))
  const others = m.onAir.filter((u) => u.userId !== meId)
  let body: ReactNode = null
  switch (m.phase) {
    case 'requested':
      body = (
        <>
          <Text className="lv-mic-text">{ix('mic.requested')}</Text>
          <Button
            className="lv-mic-cancel"
            text={ix('mic.cancel')}
            disabled={m.busy}
            onClick={() => void client.ix.cancelMic()}
          />
        </>
      )
      break
    case 'allowed':
      if (!m.mediaAvailable || !ixs.mediaClient)
        // never pretend to be on air: say plainly why there is no audio, in the learner's language (the server's
        // reason is English source text: never shown)
        body = (
          <>
            <View className="lv-mic-main">
              <Text className="lv-mic-text lv-mic-no-media">
                {ix(m.mediaAvailable ? 'mic.noClient' : 'mic.noMedia')}
              </Text>
            </View>
            <Button
              className="lv-mic-cancel"
              text={ix('mic.ok')}
              disabled={m.busy}
              onClick={() => void client.ix.cancelMic()}
            />
          </>
        )
      else
        body = (
          <>
            <Text className="lv-mic-text">
              {ix('mic.allowed', { s: Math.max(0, Math.ceil((m.deadline - now) / 1000)) })}
            </Text>
            <Button
              className="lv-mic-join"
              text={ix('mic.join')}
              disabled={m.busy}
              onClick={() => void client.ix.joinMic()}
            />
            <Button
              className="lv-mic-cancel"
              text={ix('mic.cancel')}
              disabled={m.busy}
              onClick={() => void client.ix.cancelMic()}
            />
          </>
        )
      break
    case 'joined':
      body = (
        <>
          <Icon glyph={c.audioMuted || c.mutedAll ? MicOff : Mic} className="lv-mic-icon" />
          <Text className="lv-mic-text">{ix('mic.joined')}</Text>
          <Button
            className="lv-mic-leave"
            text={ix('mic.leave')}
            disabled={m.busy}
            onClick={() => void client.ix.cancelMic()}
          />
        </>
      )
      break
    case 'failed':
    case 'cancelled':
      body = (
        <>
          <Text className="lv-mic-text">{ix(m.phase === 'failed' ? 'mic.failed' : 'mic.cancelled')}</Text>
          <Button className="lv-mic-ok" text={ix('mic.ok')} onClick={() => client.ix.clearMicNotice()} />
        </>
      )
      break
    default:
      break
  }
  if (!body && chips.length === 0 && others.length === 0) return null
  return (
    <View className={`lv-mic-bar is-${m.phase}`}>
      {body && <View className="lv-mic-row">{body}</View>}
      {(chips.length > 0 || others.length > 0) && (
        <View className="lv-mic-row">
          {chips.map((t) => (
            <Text key={t} className="lv-control-chip">
              {t}
            </Text>
          ))}
          {others.length > 0 && (
            <Text className="lv-mic-onair">
              {ix('mic.onAir', { names: others.map((u) => plain(u.nick)).join('、') })}
            </Text>
          )}
        </View>
      )}
    </View>
  )
}

// ---- flowers ------------------------------------------------------------------------------------

/** Flowers float up over the chat for every bunch sent in the room. */
export function FlowerBurst({ client }: { client: LiveClient | null }) {
  const [flowers, setFlowers] = useState<{ id: number; x: number }[]>([])
  const seq = useRef(0)
  useEffect(() => {
    if (!client) return
    return client.onEvent((e) => {
      if (e.type !== 'flowers') return
      const id = ++seq.current
      setFlowers((f) => [...f.slice(-5), { id, x: 10 + ((id * 37) % 60) }])
    })
  }, [client])
  useEffect(() => {
    if (flowers.length === 0) return
    const t = setTimeout(() => setFlowers((f) => f.slice(1)), 1600)
    return () => clearTimeout(t)
  }, [flowers])
  if (flowers.length === 0) return null
  return (
    <View className="lv-flower-layer">
      {flowers.map((f) => (
        <View key={f.id} className="lv-flower-float" style={{ right: `${f.x}px` }}>
          <Icon glyph={Flower} className="lv-flower-icon" />
        </View>
      ))}
    </View>
  )
}
