/**
 * The dock under the bulletin (issue 14): the check-in card, pills that reopen a running questionnaire, answer card
 * or a won lottery; finished interactions fold into one line (issue 25).
 */
import { Text, View } from '@tarojs/components'
import { useState } from 'react'
import { type InteractionState, ix, type LiveClient } from '@/features/live'
import { useServerNow } from '../use-live'
import { CheckinBox } from './checkin'
import { leftText, plain, type SheetKind } from './parts'

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
