import { describe, expect, it } from 'vitest'
import { isJump, JUMP_TOLERANCE_SECONDS, seekTarget } from '../../shared/rules/anti-skip'

const base = { furthest: 40, finished: false, antiSkip: true, slack: 2 }

describe('seekTarget', () => {
  it('allows seeking back, and forward up to the furthest point plus the slack', () => {
    expect(seekTarget({ ...base, target: 10 })).toEqual({ position: 10, refused: false })
    expect(seekTarget({ ...base, target: 40 })).toEqual({ position: 40, refused: false })
    expect(seekTarget({ ...base, target: 42 })).toEqual({ position: 42, refused: false })
  })

  it('refuses a seek beyond the furthest point and answers the furthest point', () => {
    expect(seekTarget({ ...base, target: 42.5 })).toEqual({ position: 40, refused: true })
    expect(seekTarget({ ...base, target: 300 })).toEqual({ position: 40, refused: true })
    expect(seekTarget({ ...base, furthest: 0, target: 30 })).toEqual({ position: 0, refused: true })
  })

  it('lets a finished section or a goods without anti-skip go anywhere', () => {
    expect(seekTarget({ ...base, finished: true, target: 300 })).toEqual({ position: 300, refused: false })
    expect(seekTarget({ ...base, antiSkip: false, target: 300 })).toEqual({ position: 300, refused: false })
  })

  it('never answers a negative position', () => {
    expect(seekTarget({ ...base, target: -5 })).toEqual({ position: 0, refused: false })
    expect(seekTarget({ ...base, furthest: -1, target: 10 })).toEqual({ position: 0, refused: true })
  })
})

describe('isJump', () => {
  it('playback at wall speed is not a jump', () => {
    expect(isJump(10, 10.25, 0.25)).toBe(false)
    expect(isJump(10, 11, 1)).toBe(false)
    // a late timeupdate after a stall still matches the time that passed
    expect(isJump(10, 16, 6)).toBe(false)
  })

  it('a move larger than the time that passed (plus tolerance) is a seek, either way', () => {
    expect(isJump(10, 10 + JUMP_TOLERANCE_SECONDS + 0.3, 0.25)).toBe(true)
    expect(isJump(10, 40, 1)).toBe(true)
    expect(isJump(30, 5, 0.25)).toBe(true)
    // any forward move while paused (no time passes) beyond the tolerance
    expect(isJump(10, 12, 0)).toBe(true)
  })
})
