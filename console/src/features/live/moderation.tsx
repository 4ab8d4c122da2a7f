/**
 * Moderating a user (ban with a chosen duration, unban, kick) from wherever the teacher sees them: a chat
 * message, the online list, the ban list. Kicking asks first; a ban asks how long. The server refuses targets
 * that are not accounts of the school, and the teacher themself.
 */
import { createContext, type ReactNode, useContext, useState } from 'react'
import type { ChatUser } from '../../../../contract/schemas/live-codes'
import type { Ask } from '../../ui'
import { ackText, type Outcome, readable } from './common'
import { type LiveKey, lt } from './i18n'
import type { RoomStore } from './room'

const MIN = 60_000
export const BAN_CHOICES: { ms: number; label: LiveKey }[] = [
  { ms: 10 * MIN, label: 'ban.10m' },
  { ms: 60 * MIN, label: 'ban.1h' },
  { ms: 24 * 60 * MIN, label: 'ban.1d' },
  { ms: 7 * 24 * 60 * MIN, label: 'ban.7d' },
  { ms: 30 * 24 * 60 * MIN, label: 'ban.30d' },
  { ms: 365 * 24 * 60 * MIN, label: 'ban.365d' },
]

export interface Moderation {
  ask: (a: Ask) => Promise<string | null>
  ban: (user: ChatUser) => void
  unban: (user: { userId: number; nick: string }) => Promise<void>
  kick: (user: ChatUser) => Promise<void>
  outcome: Outcome | null
}

const Ctx = createContext<Moderation | null>(null)

export function useModeration(): Moderation {
  const m = useContext(Ctx)
  if (!m) throw new Error('no moderation context')
  return m
}

export function ModerationProvider(props: {
  store: RoomStore
  ask: (a: Ask) => Promise<string | null>
  children: ReactNode
}) {
  const { store, ask } = props
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [banning, setBanning] = useState<ChatUser | null>(null)
  const [duration, setDuration] = useState(BAN_CHOICES[2]!.ms)
  const [busy, setBusy] = useState(false)

  const report = (ok: boolean, text: string) => setOutcome({ ok, text })

  const doBan = async () => {
    if (!banning) return
    setBusy(true)
    store.rememberName(banning)
    const ack = await store.send('ADD_SHIELD', { userId: banning.userId, durationMs: duration })
    setBusy(false)
    const label = lt(BAN_CHOICES.find((c) => c.ms === duration)?.label ?? 'ban.1d')
    report(ack.ok, ack.ok ? lt('ban.done', { nick: readable(banning.nick), duration: label }) : ackText(ack))
    setBanning(null)
  }

  const m: Moderation = {
    ask,
    outcome,
    ban: (user) => {
      setDuration(BAN_CHOICES[2]!.ms)
      setBanning(user)
    },
    unban: async (user) => {
      const ack = await store.send('REMOVE_SHIELD', { userId: user.userId })
      report(ack.ok, ack.ok ? lt('ban.lifted', { nick: readable(user.nick) }) : ackText(ack))
    },
    kick: async (user) => {
      const ok = await ask({
        title: lt('kick.title', { nick: readable(user.nick) }),
        message: lt('kick.confirm'),
        confirmLabel: lt('kick.do'),
        danger: true,
      })
      if (ok === null) return
      store.rememberName(user)
      const ack = await store.send('KICK', { userId: user.userId })
      report(ack.ok, ack.ok ? lt('kick.done', { nick: readable(user.nick) }) : ackText(ack))
    },
  }

  return (
    <Ctx.Provider value={m}>
      {props.children}
      {banning && (
        <div
          className="dialog-backdrop"
          onKeyDown={(e) => {
            if (e.key === 'Escape') setBanning(null)
          }}
        >
          <div className="dialog ban-dialog" role="dialog" aria-modal="true" aria-labelledby="ban-title">
            <h2 id="ban-title">{lt('ban.title', { nick: readable(banning.nick) })}</h2>
            <p>{lt('ban.explain')}</p>
            <label className="field">
              <span>{lt('ban.duration')}</span>
              <select className="ban-duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))}>
                {BAN_CHOICES.map((c) => (
                  <option key={c.ms} value={c.ms}>
                    {lt(c.label)}
                  </option>
                ))}
              </select>
            </label>
            <div className="dialog-actions">
              <button type="button" className="btn btn-plain dialog-cancel" onClick={() => setBanning(null)}>
                {lt('common.cancel')}
              </button>
              <button type="button" autoFocus className="btn btn-danger ban-confirm" disabled={busy} onClick={doBan}>
                {lt('ban.do')}
              </button>
            </div>
          </div>
        </div>
      )}
    </Ctx.Provider>
  )
}

/** Ban / unban / kick buttons for one user (none for staff, none for myself). */
export function UserActions({
  user,
  me,
  bannedUntil,
}: {
  user: ChatUser
  me: ChatUser | null
  bannedUntil: number | undefined
}) {
  const m = useModeration()
  if (me && user.userId === me.userId) return null
  if (user.userType === 'teacher' || user.userType === 'manager' || user.userType === 'assistant') return null
  const banned = !!bannedUntil && bannedUntil > Date.now()
  return (
    <span className="user-actions">
      {banned ? (
        <button type="button" className="btn btn-plain btn-small unban" onClick={() => m.unban(user)}>
          {lt('ban.unban')}
        </button>
      ) : (
        <button type="button" className="btn btn-plain btn-small ban" onClick={() => m.ban(user)}>
          {lt('ban.do')}
        </button>
      )}
      <button type="button" className="btn btn-plain btn-small kick" onClick={() => m.kick(user)}>
        {lt('kick.do')}
      </button>
    </span>
  )
}
