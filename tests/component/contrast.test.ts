/**
 * Small text in a tenant's brand colour reads at WCAG AA on white (docs/DECISIONS.md "First load"): the brand comes
 * from the tenant's config at run time, so its readable shade (--primary-ink) is worked out, not written down.
 */
import { describe, expect, it } from 'vitest'
import { inkOf, themeVars } from '@/components/theme/vars'

function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 1.05 / (0.2126 * r! + 0.7152 * g! + 0.0722 * b! + 0.05)
}

describe('the brand colour as small text', () => {
  it('darkens both demo tenants to at least 4.5:1 on white, keeping the hue', () => {
    for (const brand of ['#1677ff', '#13a35b']) {
      const ink = inkOf(brand)
      expect(contrastOnWhite(brand)).toBeLessThan(4.5)
      expect(contrastOnWhite(ink), `${brand} -> ${ink}`).toBeGreaterThanOrEqual(4.5)
      // same hue: every channel scaled by one factor
      const ratio = (i: number) => Number.parseInt(ink.slice(i, i + 2), 16) / Number.parseInt(brand.slice(i, i + 2), 16)
      expect(Math.abs(ratio(1) - ratio(3))).toBeLessThan(0.05)
    }
  })

  it('keeps a colour that already reads well, and leaves a malformed one alone', () => {
    expect(inkOf('#1f2329')).toBe('#1f2329')
    expect(inkOf('red')).toBe('red')
  })

  it('sets --primary to the brand and --primary-ink to its readable shade', () => {
    expect(themeVars('#13a35b')).toMatchObject({ '--primary': '#13a35b', '--primary-ink': inkOf('#13a35b') })
  })
})
