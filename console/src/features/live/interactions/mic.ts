/**
 * The microphone: the raise-hand switch, raised hands, the allowed learner until the deadline, who joined, who timed
 * out, who is muted. Pure: ../room.ts folds these into the room.
 */
import type { KindEvents, MicState } from './types'

export const emptyMic = (): MicState => ({
  open: false,
  mutedAll: false,
  requests: [],
  allowed: null,
  joined: [],
  failed: [],
  muted: [],
  media: null,
})

export type MicPart = { mic: MicState }

export const micEvents: KindEvents<MicPart> = {
  MIC_SWITCH: (s, p) => {
    const { open } = p
    return { ...s, mic: { ...s.mic, open, requests: open ? s.mic.requests : [] } }
  },
  OPEN_MICROPHONE: (s, p) => {
    const { user } = p
    if (s.mic.requests.some((u) => u.userId === user.userId)) return s
    return { ...s, mic: { ...s.mic, requests: [...s.mic.requests, user] } }
  },
  ALLOW_MICROPHONE: (s, p) => {
    const { userId, deadline, mediaAvailable, reason } = p
    return {
      ...s,
      mic: {
        ...s.mic,
        allowed: { userId, deadline, mediaAvailable, reason },
        requests: s.mic.requests.filter((u) => u.userId !== userId),
        failed: s.mic.failed.filter((u) => u !== userId),
        media: { available: mediaAvailable, reason },
      },
    }
  },
  JOIN_SUCCESS: (s, p) => {
    const { user } = p
    const joined = s.mic.joined.some((u) => u.userId === user.userId) ? s.mic.joined : [...s.mic.joined, user]
    return { ...s, mic: { ...leaving(s.mic, user.userId), joined } }
  },
  JOIN_CHANNEL_FAIL: (s, p) => {
    const { userId } = p
    const failed = [userId, ...s.mic.failed.filter((u) => u !== userId)].slice(0, 20)
    return { ...s, mic: { ...leaving(s.mic, userId), failed } }
  },
  CANCEL_MICROPHONE: (s, p) => {
    const { userId } = p
    const requests = s.mic.requests.filter((u) => u.userId !== userId)
    const joined = s.mic.joined.filter((u) => u.userId !== userId)
    return { ...s, mic: { ...leaving(s.mic, userId), requests, joined } }
  },
  CLASSCONTROL: (s, p) => {
    const { kind, mute, userId } = p
    if (kind !== 'audio') return s
    if (userId === null || userId === undefined)
      return { ...s, mic: { ...s.mic, mutedAll: mute, muted: mute ? s.mic.muted : [] } }
    const muted = s.mic.muted.filter((u) => u !== userId)
    return { ...s, mic: { ...s.mic, muted: mute ? [...muted, userId] : muted } }
  },
}

/** The mic without the allowance of this user (joined, timed out or gone): the allowed one's deadline no longer runs. */
const leaving = (mic: MicState, userId: number): MicState => ({
  ...mic,
  allowed: mic.allowed?.userId === userId ? null : mic.allowed,
})
