import { describe, expect, it } from 'vitest'
import {
  crossedAlert,
  formatClock,
  isUrgent,
  makeClock,
  remainingMs,
  remainingSeconds,
  serverNowMs,
} from '@/features/exam/sit/clock'

const SYS = 1_800_000_000 // server "now" in the reply (Unix seconds)
const DEADLINE = SYS + 600 // 10 minutes left

describe('exam clock: the countdown follows the server clock', () => {
  it('counts from the server time of the reply, whatever the device clock says', () => {
    const hour = 3_600_000
    for (const skew of [0, 3 * hour, -5 * hour, 27 * hour, -0.5 * hour]) {
      const deviceAtReply = SYS * 1000 + skew
      const clock = makeClock(DEADLINE, SYS, deviceAtReply)
      expect(remainingSeconds(clock, deviceAtReply)).toBe(600)
      expect(remainingSeconds(clock, deviceAtReply + 10_000)).toBe(590)
      expect(serverNowMs(clock, deviceAtReply + 1000)).toBe(SYS * 1000 + 1000)
    }
  })

  it('is never negative and reaches zero exactly at the deadline', () => {
    const clock = makeClock(DEADLINE, SYS, 0)
    expect(remainingMs(clock, 600_000)).toBe(0)
    expect(remainingSeconds(clock, 599_999)).toBe(1)
    expect(remainingSeconds(clock, 700_000)).toBe(0)
  })

  it('rounds partial seconds up (the display shows 00:00 only when the time is over)', () => {
    const clock = makeClock(DEADLINE, SYS, 0)
    expect(remainingSeconds(clock, 800)).toBe(600)
    expect(remainingSeconds(clock, 1000)).toBe(599)
  })
})

describe('formatClock', () => {
  it('shows mm:ss under an hour and hh:mm:ss from an hour up', () => {
    expect(formatClock(0)).toBe('00:00')
    expect(formatClock(59)).toBe('00:59')
    expect(formatClock(61)).toBe('01:01')
    expect(formatClock(3599)).toBe('59:59')
    expect(formatClock(3600)).toBe('01:00:00')
    expect(formatClock(5025)).toBe('01:23:45')
    expect(formatClock(-5)).toBe('00:00')
  })
})

describe('urgency and reminders', () => {
  it('is urgent under 5 minutes', () => {
    expect(isUrgent(300)).toBe(false)
    expect(isUrgent(299)).toBe(true)
    expect(isUrgent(0)).toBe(true)
  })

  it('reminds once when the time left falls to 5 minutes and to 1 minute', () => {
    expect(crossedAlert(null, 1000)).toBeNull()
    expect(crossedAlert(301, 300)).toBe(300)
    expect(crossedAlert(300, 299)).toBeNull()
    expect(crossedAlert(61, 60)).toBe(60)
    expect(crossedAlert(60, 59)).toBeNull()
  })

  it('on opening (or after a sleep) gives only the nearest reminder', () => {
    expect(crossedAlert(null, 250)).toBe(300)
    expect(crossedAlert(null, 30)).toBe(60)
    expect(crossedAlert(400, 50)).toBe(60)
  })

  it('says nothing once the time is over (the time-up flow speaks)', () => {
    expect(crossedAlert(10, 0)).toBeNull()
    expect(crossedAlert(null, 0)).toBeNull()
  })
})
