/**
 * The microphone and class control (MIC_SWITCH, OPEN_MICROPHONE, ALLOW_MICROPHONE, JOIN_SUCCESS,
 * JOIN_CHANNEL_FAIL, CANCEL_MICROPHONE, CLASSCONTROL): the teacher opens raising hands; a learner raises a hand;
 * the teacher allows one, who must join the media channel by a deadline (a time-out, ./timed.ts; no join by then
 * is JOIN_CHANNEL_FAIL); the learner, or leaving the room, cancels; the teacher mutes one or all. A learner's mic
 * state lives in the chat store (a compare-and-swap decides, across processes), not in the database.
 */
import { type ActiveInteractions, INTERACTION_ERRORS } from '../../../../../contract/schemas/live-interactions'
import type { Kind, Kit, Payload, Seat } from './kit'
import { bad, fail, isPosInt, MSG, ok, staffRoomOf, userRoomOf } from './kit'
import type { Timed } from './timed'

/** how long a mic state lives at most in the store */
const MIC_STATE_MS = 12 * 3600 * 1000
const MIC_CLOSED = 'the teacher has not opened the microphone'
const NOT_ALLOWED = 'not allowed on the microphone now'
/**
 * The local provider has no real-time media path (no SFU installs here): raising hands and inviting to the mic are
 * refused in its rooms rather than leading a learner to a dead end (issue 25); closing stays allowed. Polyv's SDK
 * carries the audio, so its rooms keep the whole flow. The console shows this sentence in its words.
 */
const NO_MEDIA = 'no real-time media path on this server: the microphone is off in this room'

const micOpenKey = (room: string) => `micopen:${room}`
const mutedKey = (room: string) => `muted:${room}`
const micKey = (room: string, userId: number) => `mic:${room}:${userId}`

export class Mic implements Kind {
  readonly timed: Timed = {
    name: 'mic',
    // the allowed learner did not join by the deadline: the id is the user's, the extra the room's
    expire: (_tenantId, userId, deadline, room) => this.timeout(room ?? '', userId, deadline),
  }
  readonly handlers = {
    MIC_SWITCH: (seat: Seat, p: Payload) => this.switch(seat, p),
    OPEN_MICROPHONE: (seat: Seat) => this.raise(seat),
    ALLOW_MICROPHONE: (seat: Seat, p: Payload) => this.allow(seat, p),
    JOIN_SUCCESS: (seat: Seat) => this.joined(seat),
    CANCEL_MICROPHONE: (seat: Seat) => this.cancel(seat),
    CLASSCONTROL: (seat: Seat, p: Payload) => this.control(seat, p),
  }

  constructor(private readonly k: Kit) {}

  /** whether hands may be raised and everyone is muted, for the LOGIN snapshot */
  async active(seat: Seat): Promise<Pick<ActiveInteractions, 'micOpen' | 'mutedAll'>> {
    const { store } = this.k.d
    const [micOpen, mutedAll] = await Promise.all([
      store.getValue(micOpenKey(seat.room)),
      store.getValue(mutedKey(seat.room)),
    ])
    return { micOpen: micOpen === '1', mutedAll: mutedAll === '1' }
  }

  /** the user left the room (their last socket): a raised hand or an open mic ends */
  async left(seat: Seat) {
    const key = micKey(seat.room, seat.user.userId)
    const state = await this.k.d.store.getValue(key)
    if (state === undefined) return
    if (await this.k.d.store.swapValue(key, state, null, MIC_STATE_MS))
      this.k.emit([seat.room], 'CANCEL_MICROPHONE', { userId: seat.user.userId })
  }

  private async mediaOf(seat: Seat): Promise<{ mediaAvailable: boolean; reason: string }> {
    const m = await this.k.channelMedia(seat.claims.tenantId, seat.claims.channelId)
    return m.provider === 'polyv' ? { mediaAvailable: true, reason: '' } : { mediaAvailable: false, reason: NO_MEDIA }
  }

  private async switch(seat: Seat, p: Payload) {
    if (typeof p.open !== 'boolean') return bad('open: true or false')
    if (p.open) {
      const media = await this.mediaOf(seat)
      if (!media.mediaAvailable) return bad(media.reason, 'noMedia')
    }
    const { store } = this.k.d
    if (p.open) await store.setValue(micOpenKey(seat.room), '1', MIC_STATE_MS)
    else await store.dropValue(micOpenKey(seat.room))
    this.k.emit(seat.room, 'MIC_SWITCH', { open: p.open })
    return ok()
  }

  private async raise(seat: Seat) {
    const { store } = this.k.d
    if ((await store.getValue(micOpenKey(seat.room))) !== '1') return fail(INTERACTION_ERRORS.micClosed, MIC_CLOSED)
    const key = micKey(seat.room, seat.user.userId)
    if (!(await store.swapValue(key, null, 'asked', MIC_STATE_MS))) return fail(INTERACTION_ERRORS.already, MSG.already)
    this.k.emit(staffRoomOf(seat.room), 'OPEN_MICROPHONE', { user: seat.user })
    return ok()
  }

  private async allow(seat: Seat, p: Payload) {
    if (!isPosInt(p.userId)) return bad('userId: a user id')
    const userId = p.userId
    const media = await this.mediaOf(seat)
    if (!media.mediaAvailable) return bad(media.reason, 'noMedia')
    const { store } = this.k.d
    if (!(await store.sidOf(seat.room, userId))) return bad('userId: not in this room', 'notInRoom')
    const key = micKey(seat.room, userId)
    const before = await store.getValue(key)
    if (before === 'joined') return fail(INTERACTION_ERRORS.already, 'this user is on the microphone already')
    const deadline = Date.now() + this.k.d.timing.micJoinMs
    const state = `allowed:${deadline}`
    if (!(await store.swapValue(key, before ?? null, state, MIC_STATE_MS)))
      return bad('the microphone state changed: try again', 'micChanged')
    this.k.emit([userRoomOf(seat.room, userId), staffRoomOf(seat.room)], 'ALLOW_MICROPHONE', {
      userId,
      deadline,
      ...media,
    })
    this.k.arm(this.timed.name, seat.claims.tenantId, userId, deadline, seat.room)
    return ok({ deadline, ...media })
  }

  /** the allowed learner did not join by the deadline (server clock): JOIN_CHANNEL_FAIL, once */
  private async timeout(room: string, userId: number, deadline: number) {
    if (!room) return
    if (!(await this.k.d.store.swapValue(micKey(room, userId), `allowed:${deadline}`, null, MIC_STATE_MS))) return
    this.k.emit([userRoomOf(room, userId), staffRoomOf(room)], 'JOIN_CHANNEL_FAIL', { userId })
  }

  private async joined(seat: Seat) {
    const key = micKey(seat.room, seat.user.userId)
    const { store } = this.k.d
    const state = await store.getValue(key)
    const deadline = state?.startsWith('allowed:') ? Number(state.slice(8)) : 0
    if (!deadline || deadline < Date.now()) return fail(INTERACTION_ERRORS.over, NOT_ALLOWED)
    const media = await this.mediaOf(seat)
    if (!media.mediaAvailable) return bad(media.reason, 'noMedia')
    if (!(await store.swapValue(key, state!, 'joined', MIC_STATE_MS))) return fail(INTERACTION_ERRORS.over, NOT_ALLOWED)
    this.k.emit(seat.room, 'JOIN_SUCCESS', { user: seat.user })
    return ok()
  }

  private async cancel(seat: Seat) {
    const key = micKey(seat.room, seat.user.userId)
    const { store } = this.k.d
    const state = await store.getValue(key)
    if (state === undefined) return ok()
    if (await store.swapValue(key, state, null, MIC_STATE_MS))
      this.k.emit(seat.room, 'CANCEL_MICROPHONE', { userId: seat.user.userId })
    return ok()
  }

  /** the teacher mutes or unmutes one user's audio or video, or everyone's (everyone's audio is remembered) */
  private async control(seat: Seat, p: Payload) {
    if (p.kind !== 'audio' && p.kind !== 'video') return bad('kind: audio or video')
    if (typeof p.mute !== 'boolean') return bad('mute: true or false')
    let userId: number | null = null
    if (p.userId !== undefined && p.userId !== null) {
      if (!isPosInt(p.userId)) return bad('userId: a user id (none: everyone)')
      if (!(await this.k.d.chat.userExists(seat.claims.tenantId, p.userId))) return bad('userId: no such user')
      userId = p.userId
    }
    const { store } = this.k.d
    if (userId === null && p.kind === 'audio') {
      if (p.mute) await store.setValue(mutedKey(seat.room), '1', MIC_STATE_MS)
      else await store.dropValue(mutedKey(seat.room))
    }
    this.k.emit(seat.room, 'CLASSCONTROL', { kind: p.kind, mute: p.mute, userId })
    return ok()
  }
}
