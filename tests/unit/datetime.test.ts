/** src/lib/datetime.ts: the one way dates, spans and durations read (issue 12: a span across a year lost it). */
import { afterEach, describe, expect, it } from 'vitest'
import { setLocale } from '@/i18n'
import { formatClock, formatDate, formatDuration, formatRange } from '@/lib/datetime'

const at = (iso: string) => Math.floor(new Date(`${iso}+08:00`).getTime() / 1000)
// "now" in the middle of 2026 (tests run in Asia/Shanghai or UTC: noon keeps the day)
const NOW = new Date('2026-06-15T12:00:00+08:00').getTime()

afterEach(async () => {
  await setLocale('zh-CN')
})

describe('dates', () => {
  it('a date of this year without its year, any other with it; documents always with it', () => {
    expect(formatDate(at('2026-03-01T12:00:00'), {}, NOW)).toBe('03-01')
    expect(formatDate(at('2026-03-01T12:00:00'), { time: true }, NOW)).toMatch(/^03-01 \d\d:00$/)
    expect(formatDate(at('2025-12-31T12:00:00'), {}, NOW)).toBe('2025-12-31')
    expect(formatDate(at('2027-01-02T12:00:00'), {}, NOW)).toBe('2027-01-02')
    expect(formatDate(at('2026-03-01T12:00:00'), { year: 'always' }, NOW)).toBe('2026-03-01')
  })

  it('a span across a year shows the year on both ends', () => {
    const text = formatRange(at('2026-12-20T12:00:00'), at('2027-01-10T12:00:00'), { time: false }, NOW)
    expect(text).toBe('2026-12-20 - 2027-01-10')
    const withTime = formatRange(at('2026-12-20T12:00:00'), at('2027-01-10T12:00:00'), { time: true }, NOW)
    expect(withTime).toMatch(/^2026-12-20 \d\d:00 - 2027-01-10 \d\d:00$/)
  })

  it('a span inside this year without it; a span of one day once', () => {
    expect(formatRange(at('2026-03-01T12:00:00'), at('2026-03-05T12:00:00'), { time: false }, NOW)).toBe(
      '03-01 - 03-05',
    )
    expect(formatRange(at('2026-03-01T12:00:00'), at('2026-03-01T13:30:00'), { time: true }, NOW)).toMatch(
      /^03-01 \d\d:00-\d\d:30$/,
    )
    // a span of next year alone: the year too (it is not this year)
    expect(formatRange(at('2027-03-01T12:00:00'), at('2027-03-05T12:00:00'), { time: false }, NOW)).toBe(
      '2027-03-01 - 2027-03-05',
    )
  })
})

describe('durations', () => {
  it('never round a short time away (issue 12: 40 s watched read 0:00)', () => {
    expect(formatDuration(40)).toBe('40秒')
    expect(formatDuration(0)).toBe('0秒')
    expect(formatDuration(340)).toBe('5分40秒')
    expect(formatDuration(600)).toBe('10分钟')
    expect(formatDuration(3900)).toBe('1小时5分')
    expect(formatDuration(7200)).toBe('2小时')
  })

  it('in English too', async () => {
    await setLocale('en')
    expect(formatDuration(40)).toBe('40 s')
    expect(formatDuration(340)).toBe('5 min 40 s')
    expect(formatDuration(3900)).toBe('1 h 5 min')
  })

  it('a clock face: m:ss, h:mm:ss', () => {
    expect(formatClock(40)).toBe('0:40')
    expect(formatClock(725)).toBe('12:05')
    expect(formatClock(3723)).toBe('1:02:03')
  })
})
