/**
 * The mic bar (issue 14): requested / allowed / on the mic / failed / cancelled, and the lecturer's mute states.
 */
import { Text, View } from '@tarojs/components'
import Mic from 'lucide/dist/esm/icons/mic.mjs'
import MicOff from 'lucide/dist/esm/icons/mic-off.mjs'
import type { ReactNode } from 'react'
import Icon from '@/components/icon'
import { type InteractionState, ix, type LiveClient } from '@/features/live'
import { useServerNow } from '../use-live'
import { Button, plain } from './parts'

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
  // withdraw the hand, leave the mic, or take note that there is no audio: the same send
  const cancel = (className: string, text: 'mic.cancel' | 'mic.ok' | 'mic.leave') => (
    <Button className={className} text={ix(text)} disabled={m.busy} onClick={() => void client.ix.cancelMic()} />
  )
  let body: ReactNode = null
  switch (m.phase) {
    case 'requested':
      body = (
        <>
          <Text className="lv-mic-text">{ix('mic.requested')}</Text>
          {cancel('lv-mic-cancel', 'mic.cancel')}
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
            {cancel('lv-mic-cancel', 'mic.ok')}
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
            {cancel('lv-mic-cancel', 'mic.cancel')}
          </>
        )
      break
    case 'joined':
      body = (
        <>
          <Icon glyph={c.audioMuted || c.mutedAll ? MicOff : Mic} className="lv-mic-icon" />
          <Text className="lv-mic-text">{ix('mic.joined')}</Text>
          {cancel('lv-mic-leave', 'mic.leave')}
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
