/**
 * Class state from the chat (CLASS_STATE): a moderator starts or ends the class; CLASSSTART / CLASSEND reach the
 * room through the live events (../sessions.ts), and CLASSEND says whether a playback will follow (the channel
 * allows it and the session has a recording).
 */
import { eq } from 'drizzle-orm'
import { CHAT_ERRORS } from '../../../../../contract/schemas/live-codes'
import { liveRecording } from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { setSessionState } from '../sessions'
import type { Kind, Kit, Payload, Seat } from './kit'
import { bad, fail, ok } from './kit'

export class ClassState implements Kind {
  readonly handlers = {
    CLASS_STATE: (seat: Seat, p: Payload) => this.set(seat, p),
  }

  constructor(private readonly k: Kit) {}

  private async set(seat: Seat, p: Payload) {
    if (p.state !== 'live' && p.state !== 'ended') return bad('state: live or ended')
    const c = seat.claims
    const { db, events } = this.k.d
    let hasPlayback = false
    if (p.state === 'ended') {
      // CLASSEND says playback will exist when the channel allows it and a recording of the session exists
      const media = await this.k.channelMedia(c.tenantId, c.channelId)
      const s = new TenantScope(c.tenantId)
      const [rec] = await db
        .select({ id: liveRecording.id })
        .from(liveRecording)
        .where(s.where(liveRecording, eq(liveRecording.sessionId, c.sessionId)))
        .limit(1)
      hasPlayback = media.playbackEnabled && !!rec
    }
    const row = await setSessionState(db, events, { tenantId: c.tenantId, sessionId: c.sessionId }, p.state, {
      hasPlayback,
    })
    if (!row) return fail(CHAT_ERRORS.token, 'chat room token error')
    return ok({ state: row.state })
  }
}
