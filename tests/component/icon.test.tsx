import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ringSvg, trendSvg } from '@/components/chart/svg'
import Icon, { glyphSvg, glyphUri } from '@/components/icon'
import { ENTRY_ICONS, EntryIcon, entryIconKey } from '@/components/icon/entries'
import { BookOpen, Star } from '@/components/icon/glyphs'

const decode = (uri: string) => atob(uri.replace('data:image/svg+xml;base64,', ''))

describe('icon set', () => {
  it('turns a Lucide glyph into an SVG with its drawing and uses it as a mask painted in the text colour', () => {
    const svg = glyphSvg(BookOpen)
    expect(svg).toContain('viewBox="0 0 24 24"')
    expect(svg).toContain('stroke-linecap="round"')
    expect(svg.match(/<path /g)?.length).toBe(BookOpen.length)
    expect(decode(glyphUri(BookOpen))).toBe(svg)
    expect(glyphUri(BookOpen)).toBe(glyphUri(BookOpen))
    expect(glyphUri(BookOpen)).not.toBe(glyphUri(Star))

    const { container } = render(<Icon glyph={Star} className="x" color="#f00" />)
    const el = container.querySelector('.icon.x') as HTMLElement
    expect(el.getAttribute('style')).toContain(glyphUri(Star))
    expect(el.style.backgroundColor).toBe('rgb(255, 0, 0)')
  })

  it('maps the home entries’ icon keys to glyphs in one place; a picture of its own stays a picture', () => {
    expect(entryIconKey('/static-assets/icon-course.svg')).toBe('course')
    expect(entryIconKey('https://cdn.x.cn/static-assets/icon-live.svg')).toBe('live')
    expect(entryIconKey('bank')).toBe('bank')
    expect(entryIconKey('/oss/2024/my-icon.png')).toBeNull()
    expect(entryIconKey('')).toBeNull()
    // every key the seed hands out has its own glyph (the seed's HOME_ITEMS keys)
    for (const k of ['course', 'bank', 'exam', 'learn', 'news', 'live', 'cert', 'service'])
      expect(ENTRY_ICONS[k]).toBeDefined()
    expect(new Set(Object.values(ENTRY_ICONS).map((d) => d.glyph)).size).toBe(Object.keys(ENTRY_ICONS).length)

    const tile = render(<EntryIcon icon="/static-assets/icon-news.svg" />).container
    expect(tile.querySelector('.icon-tile.entry-icon-news .icon')).not.toBeNull()
    expect(tile.querySelector('img, taro-image-core')).toBeNull()
    const pic = render(<EntryIcon icon="/oss/a.png" />).container
    expect(pic.querySelector('.entry-icon-img')).not.toBeNull()
    expect(pic.querySelector('.icon-tile')).toBeNull()
  })
})

describe('charts', () => {
  it('breaks the right-rate line on days without answers and draws one bar per day with answers', () => {
    const svg = trendSvg({
      rates: [50, 100, null, 80],
      counts: [2, 4, 0, 1],
      width: 100,
      height: 120,
      line: '#1677ff',
      bar: '#ccc',
    })
    // two runs: days 1-2 (a line) and day 4 alone (a dot, no line)
    expect(svg.match(/stroke-width="3"/g)).toHaveLength(1)
    expect(svg.match(/<circle /g)).toHaveLength(3)
    expect(svg.match(/<rect /g)).toHaveLength(3)
    // 100 % is at the top of the plot, 50 % half way
    expect(svg).toMatch(/M[\d.]+ 60 L[\d.]+ 10 /)
  })

  it('draws a ring whose arc is the share of its circumference', () => {
    const svg = ringSvg(25, '#f00', 120, 14)
    const c = 2 * Math.PI * 53
    expect(svg).toContain(`stroke-dasharray="${Math.round((c / 4) * 10) / 10} ${Math.round(c * 10) / 10}"`)
    expect(ringSvg(0, '#f00')).not.toContain('stroke-dasharray')
  })
})
