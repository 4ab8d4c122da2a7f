/**
 * The live room's H5 player (src/features/live/room/player.h5.tsx; issue 25): a live stream has no duration, so no
 * seek bar or time is shown, only a live badge and play / pause, sound and full screen; a recording keeps the
 * browser's controls (its seek bar).
 */
import { act, cleanup, fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

const { default: LivePlayer } = await import('@/features/live/room/player.h5')

afterEach(() => cleanup())

function q(c: ParentNode, sel: string): HTMLElement {
  const el = c.querySelector(sel)
  if (!el) throw new Error(`no ${sel}`)
  return el as HTMLElement
}

describe('the live player', () => {
  it('a live stream: no seek bar or duration, a live badge and its own buttons', async () => {
    const { container } = render(<LivePlayer id="v" src="/live/hls/t/k/index.m3u8" live />)
    const video = q(container, 'video') as HTMLVideoElement
    // the browser's controls are what draw a seek bar and a duration
    expect(video.controls).toBe(false)
    expect(video.hasAttribute('controls')).toBe(false)
    expect(q(container, '.lv-live-badge').textContent).toBe('直播中')
    expect(container.querySelector('input[type="range"]')).toBeNull()
    // play (the stream did not start by itself), sound, full screen
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined)
    fireEvent.click(q(container, '.lv-live-bigplay'))
    expect(play).toHaveBeenCalled()
    await act(async () => {
      video.dispatchEvent(new Event('play'))
    })
    expect(container.querySelector('.lv-live-bigplay')).toBeNull()
    expect(q(container, '.lv-live-toggle').getAttribute('aria-label')).toBe('暂停')
    fireEvent.click(q(container, '.lv-live-mute'))
    expect(video.muted).toBe(true)
    expect(q(container, '.lv-live-mute').getAttribute('aria-label')).toBe('打开声音')
    expect(q(container, '.lv-live-full').getAttribute('aria-label')).toBe('全屏')
  })

  it('a recording keeps the browser’s controls (its seek bar) and no live badge', () => {
    const { container } = render(<LivePlayer id="v" src="/live/vod/t/1/index.m3u8" live={false} />)
    expect((q(container, 'video') as HTMLVideoElement).controls).toBe(true)
    expect(container.querySelector('.lv-live-badge')).toBeNull()
  })
})
