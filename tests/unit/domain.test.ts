import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyLink } from '@/lib/link'
import { safeRedirectUrl } from '@/lib/redirect'
import { ageFromBirth } from '../../shared/rules/age'
import { isValidDomain, TLDS } from '../../shared/rules/domain'
import { idCardCheckChar, idCardProblem, isIdBirthDate, isValidIdCard } from '../../shared/rules/id-card'
import { formatPrice } from '../../shared/rules/money'
import { checkPassword } from '../../shared/rules/password'
import { isPhone } from '../../shared/rules/phone'
import { BADGE_SOURCES, unreadSum } from '../../shared/rules/unread'
import { appRoutes } from './app-routes'

describe('isPhone', () => {
  it.each(['13800138000', '19912345678', '15000000000', '17012345678'])('accepts %s', (s) => {
    expect(isPhone(s)).toBe(true)
  })
  it.each([
    '',
    '12800138000',
    '10800138000',
    '1380013800',
    '138001380000',
    '23800138000',
    '1380013800a',
    ' 13800138000',
    '+8613800138000',
  ])('rejects %j', (s) => {
    expect(isPhone(s)).toBe(false)
  })
  it('rejects non-strings', () => {
    expect(isPhone(13800138000)).toBe(false)
    expect(isPhone(null)).toBe(false)
  })
  it('accepts every 1[3-9] + 9 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/), (second, rest) => {
        expect(isPhone(`1${second}${rest}`)).toBe(true)
      }),
    )
  })
  it('rejects a second digit 0-2 or a wrong length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.stringMatching(/^\d{9}$/), (second, rest) => {
        expect(isPhone(`1${second}${rest}`)).toBe(false)
      }),
    )
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,20}$/), (s) => {
        fc.pre(s.length !== 11)
        expect(isPhone(s)).toBe(false)
      }),
    )
  })
})

describe('isValidDomain', () => {
  it.each([
    'a.xuexi-demo.com',
    'b.xuexi-demo.cn',
    'xuexi.com.cn',
    'www.school.edu.cn',
    'x.io',
    'my-school.vip',
    'A.XUEXI-DEMO.COM',
    'school.org',
    'x.gov.cn',
  ])('accepts %s', (h) => {
    expect(isValidDomain(h)).toBe(true)
  })
  it.each([
    'localhost',
    '127.0.0.1',
    '192.168.1.10',
    '',
    'com',
    'com.cn',
    'school.dev',
    'school.local',
    'a..com',
    '.a.com',
    'a.com.',
    '-a.com',
    'a-.com',
    'a_b.com',
    'school.comx',
    '[::1]',
  ])('rejects %j', (h) => {
    expect(isValidDomain(h)).toBe(false)
  })
  it('rejects non-strings', () => {
    expect(isValidDomain(undefined)).toBe(false)
  })
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/)
  it('accepts labels + any listed TLD', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 4 }), fc.constantFrom(...TLDS), (labels, tld) => {
        expect(isValidDomain(`${labels.join('.')}.${tld}`)).toBe(true)
      }),
    )
  })
  it('rejects any IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isValidDomain(ip)).toBe(false)
      }),
    )
  })
  it('rejects hosts whose last label is not a listed TLD', () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.stringMatching(/^[a-z]{2,6}$/), (labels, tld) => {
        fc.pre(!(TLDS as readonly string[]).includes(tld))
        expect(isValidDomain(`${labels.join('.')}.${tld}`)).toBe(false)
      }),
    )
  })
})

describe('ID numbers: the birth date (digits 7-14)', () => {
  /** a number with the right check character around a birth date */
  const idOf = (yyyymmdd: string) => {
    const first17 = `110105${yyyymmdd}123`
    return `${first17}${idCardCheckChar(first17)}`
  }
  const now = new Date('2024-06-15T04:00:00Z') // 12:00 in China

  it('refuses the number of issue 24: right check digit, the 50th day of the 13th month', () => {
    expect(idCardCheckChar('31010419991350123')).toBe('5')
    expect(idCardProblem('310104199913501235')).toBe('birthdate')
    expect(isValidIdCard('310104199913501235')).toBe(false)
  })

  it.each([
    ['19990229', 'not a leap year'],
    ['19000229', '1900 is not a leap year (divisible by 100)'],
    ['20230229', 'not a leap year'],
    ['20240230', 'no 30 February'],
    ['19990431', 'April has 30 days'],
    ['19991131', 'November has 30 days'],
    ['19990001', 'month 0'],
    ['19991301', 'month 13'],
    ['19990100', 'day 0'],
    ['19990132', 'day 32'],
    ['18991231', 'before 1900'],
    ['00000000', 'year 0'],
    ['20240616', 'tomorrow in China'],
    ['20250101', 'next year'],
  ])('refuses %s (%s)', (date) => {
    expect(isIdBirthDate(date, now)).toBe(false)
    expect(idCardProblem(idOf(date), now)).toBe('birthdate')
  })

  it.each([
    ['20000229', '2000 is a leap year (divisible by 400)'],
    ['20240229', 'a leap year'],
    ['19000101', 'the first day accepted'],
    ['19991231', 'end of year'],
    ['19990430', 'end of April'],
    ['20240615', 'today in China'],
  ])('accepts %s (%s)', (date) => {
    expect(isIdBirthDate(date, now)).toBe(true)
    expect(idCardProblem(idOf(date), now)).toBeNull()
  })

  it('counts "today" on the China calendar, whatever the server clock zone', () => {
    // 2024-06-15 17:00 UTC is already 16 June in China: a learner born that day is not "in the future"
    expect(isIdBirthDate('20240616', new Date('2024-06-15T17:00:00Z'))).toBe(true)
    expect(isIdBirthDate('20240616', new Date('2024-06-15T15:59:59Z'))).toBe(false)
  })

  it('names a wrong check character before a wrong date, and a wrong shape before both', () => {
    expect(idCardProblem('310104199913501230')).toBe('checksum')
    expect(idCardProblem('31010419991350123')).toBe('format')
  })

  it('agrees with the calendar for every day (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2023 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        (y, m, d) => {
          const date = `${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}`
          const js = new Date(Date.UTC(y, m - 1, d))
          const real = m >= 1 && m <= 12 && d >= 1 && js.getUTCMonth() === m - 1 && js.getUTCDate() === d
          expect(isIdBirthDate(date, now)).toBe(real)
        },
      ),
    )
  })
})

describe('ageFromBirth', () => {
  const now = new Date(2024, 5, 15) // 2024-06-15
  it('counts full years', () => {
    expect(ageFromBirth('2000-06-15', now)).toBe(24)
    expect(ageFromBirth('2000-06-16', now)).toBe(23)
    expect(ageFromBirth('2000-06-14', now)).toBe(24)
    expect(ageFromBirth('2000-07-01', now)).toBe(23)
    expect(ageFromBirth('2000-01-01', now)).toBe(24)
    expect(ageFromBirth('2024-06-15', now)).toBe(0)
  })
  it('reads the birth part of an 18-digit ID number', () => {
    expect(ageFromBirth('11010519900307123X', now)).toBe(34)
    expect(ageFromBirth('110105199007011234', now)).toBe(33)
  })
  it('handles a 29 February birthday', () => {
    expect(ageFromBirth('2000-02-29', new Date(2023, 1, 28))).toBe(22)
    expect(ageFromBirth('2000-02-29', new Date(2023, 2, 1))).toBe(23)
  })
  it.each(['', 'abc', '2000-13-01', '2000-02-30', '2001-02-29', '2000/01/01', '20000101', '1101051990030712'])(
    'returns null for %j',
    (s) => {
      expect(ageFromBirth(s, now)).toBeNull()
    },
  )
  it('returns null for a future birth date', () => {
    expect(ageFromBirth('2025-01-01', now)).toBeNull()
  })
  it('is never negative and at most the year difference', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(1900, 0, 1), max: now, noInvalidDate: true }), (d) => {
        const s = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
        const age = ageFromBirth(s, now)
        expect(age).not.toBeNull()
        expect(age).toBeGreaterThanOrEqual(0)
        expect(now.getFullYear() - d.getFullYear() - (age as number)).toBeGreaterThanOrEqual(0)
        expect(now.getFullYear() - d.getFullYear() - (age as number)).toBeLessThanOrEqual(1)
      }),
    )
  })
})

describe('unreadSum', () => {
  it('counts what the learner can open: unread messages, pending orders, letters to sign; never study periods', () => {
    // a new account's welcome message is read on the messages page (pages2/msg): it counts
    expect(unreadSum({ informSum: 1, orderSum: 0, periodSum: 0, planSum: 0, subscribeSum: 0 })).toBe(1)
    expect(unreadSum({ informSum: 1, orderSum: 2, periodSum: 3, planSum: 0, subscribeSum: 5 })).toBe(8)
    // periodSum names no page: never counted
    expect(unreadSum({ informSum: 0, orderSum: 0, periodSum: 3, planSum: 0, subscribeSum: 0 })).toBe(0)
    // today's unfinished plan items open the plan page (pages2/plan): they count
    expect(unreadSum({ informSum: 0, orderSum: 0, periodSum: 0, planSum: 4, subscribeSum: 0 })).toBe(4)
    expect(unreadSum({ informSum: 1, orderSum: 2, periodSum: 3, planSum: 4, subscribeSum: 5 })).toBe(12)
  })
  it('counts missing, null, negative and NaN as 0', () => {
    expect(unreadSum(null)).toBe(0)
    expect(unreadSum({})).toBe(0)
    expect(unreadSum({ informSum: -2, orderSum: null, periodSum: -1, planSum: Number.NaN })).toBe(0)
    expect(unreadSum({ orderSum: -3 })).toBe(0)
  })
  it('equals the sum of the counted sources for any non-negative counts', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 5, maxLength: 5 }), ([a, b, c, d, e]) => {
        const info = { informSum: a, orderSum: b, periodSum: c, planSum: d, subscribeSum: e }
        const counted = BADGE_SOURCES.filter((s) => s.counted).reduce((sum, s) => sum + (info[s.key] ?? 0), 0)
        expect(unreadSum(info)).toBe(counted)
      }),
    )
  })
  it('counts a sum only when the app has the page that lists it', () => {
    const routes = appRoutes()
    for (const s of BADGE_SOURCES) expect([s.key, s.page !== '' && routes.has(s.page)]).toEqual([s.key, s.counted])
  })
})

describe('classifyLink', () => {
  it('in-app routes open as pages', () => {
    expect(classifyLink('/pages/index/index')).toEqual({ kind: 'page', path: '/pages/index/index' })
    expect(classifyLink('/pages2/course/detail?id=3')).toEqual({ kind: 'page', path: '/pages2/course/detail?id=3' })
  })
  it('http(s) URLs open in the web view', () => {
    expect(classifyLink('https://example.com/a?b=1')).toEqual({ kind: 'web', url: 'https://example.com/a?b=1' })
    expect(classifyLink(' http://example.com ')).toEqual({ kind: 'web', url: 'http://example.com' })
    expect(classifyLink('HTTPS://x.cn:8443/a#b')).toEqual({ kind: 'web', url: 'HTTPS://x.cn:8443/a#b' })
  })
  it.each([
    '',
    '   ',
    'javascript:alert(1)',
    'ftp://x.com',
    'pages/index/index',
    '/other/x',
    'https://',
    '//x.com',
    'https://a b.com',
    'https://user@evil.com',
    null,
  ])('%j is unusable', (u) => {
    expect(classifyLink(u)).toEqual({ kind: 'none' })
  })
})

describe('safeRedirectUrl', () => {
  it('follows http and https only', () => {
    expect(safeRedirectUrl('https://pay.example.com/x')).toBe('https://pay.example.com/x')
    expect(safeRedirectUrl('http://example.com')).toBe('http://example.com')
  })
  it.each(['javascript:alert(1)', 'data:text/html,x', '/pages/index/index', 'redirect please', '', undefined])(
    'refuses %j',
    (m) => {
      expect(safeRedirectUrl(m)).toBeNull()
    },
  )
})

describe('checkPassword', () => {
  it('accepts 8-64 characters with a letter and a digit', () => {
    expect(checkPassword('abc12345')).toBeNull()
    expect(checkPassword(`a1${'x'.repeat(62)}`)).toBeNull()
  })
  it('names what is wrong', () => {
    expect(checkPassword('')).toBe('validation.password.required')
    expect(checkPassword('abc1234')).toBe('validation.password.tooShort')
    expect(checkPassword(`a1${'x'.repeat(63)}`)).toBe('validation.password.tooLong')
    expect(checkPassword('abcdefgh')).toBe('validation.password.letterAndDigit')
    expect(checkPassword('12345678')).toBe('validation.password.letterAndDigit')
  })
  it('agrees with the rule for any string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (pw) => {
        const valid = pw.length >= 8 && pw.length <= 64 && /[A-Za-z]/.test(pw) && /\d/.test(pw)
        expect(checkPassword(pw) === null).toBe(valid)
      }),
    )
  })
})

describe('formatPrice', () => {
  it('shows cents with two decimals', () => {
    expect(formatPrice(1200)).toBe('¥12.00')
    expect(formatPrice(5)).toBe('¥0.05')
    expect(formatPrice(0)).toBe('¥0.00')
    expect(formatPrice(123450)).toBe('¥1,234.50')
    expect(formatPrice(-990)).toBe('-¥9.90')
  })
  it('shows ¥0.00 for non-numbers', () => {
    expect(formatPrice(null)).toBe('¥0.00')
    expect(formatPrice(Number.NaN)).toBe('¥0.00')
  })
  it('round-trips integer cents', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000_00), (c) => {
        const s = formatPrice(c).replace(/[¥,]/g, '')
        expect(Math.round(Number(s) * 100)).toBe(c)
      }),
    )
  })
})
