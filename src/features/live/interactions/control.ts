/** Class control (issue 14): the lecturer mutes everyone's or one learner's audio or video; the room says so. */
import type { InteractionServerEvents } from '../../../../contract/schemas/live-interactions'
import type { IxContext } from './context'
import { ix } from './messages'
import type { ControlState, IxHandlers } from './types'

export const NO_CONTROL: ControlState = { mutedAll: false, videoMutedAll: false, audioMuted: false, videoMuted: false }

export class Control {
  constructor(private readonly x: IxContext) {}

  readonly on: IxHandlers = {
    CLASSCONTROL: (p) => this.onControl(p),
  }

  /** At a (re)login: only everyone's audio is known. */
  enter(mutedAll: boolean): ControlState {
    return { ...NO_CONTROL, mutedAll }
  }

  private onControl(p: InteractionServerEvents['CLASSCONTROL']): void {
    const audio = p.kind === 'audio'
    const mute = !!p.mute
    const c = this.x.state.control
    if (p.userId === null || p.userId === undefined) {
      this.x.set({ control: audio ? { ...c, mutedAll: mute } : { ...c, videoMutedAll: mute } })
      this.x.d.toast(
        ix(
          audio
            ? mute
              ? 'control.muteAll'
              : 'control.unmuteAll'
            : mute
              ? 'control.videoOffAll'
              : 'control.videoOnAll',
        ),
      )
      return
    }
    if (!this.x.isMe(p.userId)) return
    this.x.set({ control: audio ? { ...c, audioMuted: mute } : { ...c, videoMuted: mute } })
    this.x.d.toast(
      ix(audio ? (mute ? 'control.muteMe' : 'control.unmuteMe') : mute ? 'control.videoOffMe' : 'control.videoOnMe'),
    )
  }
}
