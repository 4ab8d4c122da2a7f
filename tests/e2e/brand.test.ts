/**
 * Issue 24 §3 in a real browser: no element of one school's pages is painted in the other school's brand. One H5
 * build serves every school's host, so a colour written into a stylesheet or a component (rather than taken from
 * the brand the host resolves to) shows one school's colour on the other's pages. On the home page, the purchase
 * centre, the learning tab, the question-bank tab and My account of both demo hosts, logged out and logged in as the
 * host's demo learner, once the page has settled (network idle + 1.5 s), the COMPUTED colours of every element
 * that is drawn (a box, visible, not fully transparent, inside the page or reachable by scrolling; its ::before and
 * ::after too) are compared with the other school's primary and its readable shade: text, background, borders,
 * outline, shadows, SVG fill and stroke, the colours inside background gradients and inside SVG pictures (data
 * URIs: backgrounds and <img>). And from the first frame the app draws, the brand variable on the document is never
 * the other school's (a first visit used to wear the build tenant's colour until the config arrived). Each school's
 * colours are read from the server (its `tenant.brand` row, composed from the seed's `home.mobile` theme), its host
 * and learner from the seed.
 */
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, TENANTS } from '../../server/src/seed/data'
import { inkOf } from '../../shared/rules/brand'
import { fill, HOST_A, HOST_B, launchBrowser, type Server, settled, sleep, startServer, tap } from './harness'

interface School {
  code: string
  host: string
  phone: string
  primary: string
  ink: string
}

/** the five tabs (src/components/tab-bar/tabs.ts); a visitor sees the home, the shop and the bank's welcome */
const TABS = [
  { name: 'home', path: '/', visitor: true },
  { name: 'purchase centre', path: '/pages/course/index', visitor: true },
  { name: 'learning', path: '/pages/learn/index', visitor: false },
  { name: 'question bank', path: '/pages/questionBank/index', visitor: true },
  { name: 'my account', path: '/pages/wd/index', visitor: false },
] as const

let server: Server
let browser: Browser
const schools: School[] = []
const open: { context: BrowserContext; page: Page }[] = []

const rgbOf = (hex: string) =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  for (const host of [HOST_A, HOST_B]) {
    const seed = TENANTS.find((t) => t.host === host)
    if (!seed) throw new Error(`no seeded school has the host ${host}`)
    const base = `http://127.0.0.1:${server.port}/api/app/common`
    const id = ((await (await fetch(`${base}/findTenantId?hostH5=${host}`)).json()) as { data: string }).data
    const rows = (
      (await (
        await fetch(`${base}/config?configKey=tenant.brand`, { headers: { 'tenant-id': String(id) } })
      ).json()) as {
        data: { configKey: string; configValue: string }[]
      }
    ).data
    const primary = String(JSON.parse(rows.find((r) => r.configKey === 'tenant.brand')?.configValue ?? '{}').primary)
    expect(primary, `${host}'s brand colour`).toMatch(/^#[0-9a-f]{6}$/i)
    schools.push({ code: seed.code, host, phone: seed.learner.phone, primary, ink: inkOf(primary) })
  }
  const [a, b] = schools
  // the test means something only when the two schools' colours differ
  expect(new Set([a!.primary, a!.ink, b!.primary, b!.ink].map((c) => c.toLowerCase())).size).toBe(4)
}, 180_000)

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    mkdirSync('.test-tmp', { recursive: true })
    for (const [i, { page }] of open.entries())
      await page
        .screenshot({ path: `.test-tmp/e2e-brand-${ctx.task.name.replace(/\W+/g, '-')}-${i}.png`, fullPage: true })
        .catch(() => {})
  }
  for (const { context } of open.splice(0)) await context.close().catch(() => {})
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function newPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  })
  // every value of the brand variable on the document from the first frame the app draws a page: a first visit must
  // not wear the build tenant's colour until the config arrives (the page carries its school's brand)
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __brandSeen: string[] }).__brandSeen = seen
    const t0 = performance.now()
    const tick = () => {
      if (document.body && document.querySelector('.taro_page')) {
        const p = getComputedStyle(document.body).getPropertyValue('--primary').trim().toLowerCase()
        if (!seen.includes(p)) seen.push(p)
      }
      if (performance.now() - t0 < 15_000) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
  const page = await context.newPage()
  open.push({ context, page })
  return page
}

/** Logs the school's demo learner in through the login page (account, password, the captcha from the log). */
async function login(page: Page, school: School) {
  let token = ''
  page.on('request', (r) => {
    if (r.url().includes('/api/') && r.headers().authorization) token = r.headers().authorization!
  })
  const captcha = page.waitForResponse((r) => r.url().includes('/api/captchaImage'))
  await page.goto(server.url(school.host, '/pages4/login/login'))
  await settled(page)
  const { data } = await (await captcha).json()
  const [, text] = await server.waitForLog(new RegExp(`captcha ${data.uuid} = (\\w+)`))
  await fill(page, 'login-account', school.phone)
  await fill(page, 'login-password', DEMO_PASSWORD)
  await fill(page, 'login-captcha', text!)
  await tap(page, 'login-submit')
  for (let i = 0; i < 40 && !token; i++) await sleep(500)
  if (!token) throw new Error(`no authorised request after logging in on ${school.host}`)
}

interface Colour {
  label: string
  rgb: [number, number, number]
}

interface Painted {
  /** tag.class "text", and ::before / ::after */
  element: string
  property: string
  value: string
  colour: string
}

/**
 * In the page: every drawn element (and its ::before / ::after) whose computed colours contain one of `colours`.
 * Self-contained: it runs in the browser.
 */
function paintedIn(colours: Colour[]): { hits: Painted[]; scanned: number } {
  const hits: Painted[] = []
  const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 1)
  const which = (rgb: number[]) => colours.find((c) => near(rgb, c.rgb))

  /** every opaque-enough colour written in a computed value: rgb()/rgba(), color(srgb …), #hex (SVG text) */
  const coloursIn = (value: string): number[][] => {
    const out: number[][] = []
    const alpha = (a: string | undefined) =>
      a === undefined ? 1 : a.endsWith('%') ? Number.parseFloat(a) / 100 : Number.parseFloat(a)
    for (const m of value.matchAll(/rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)/gi))
      if (alpha(m[4]) > 0) out.push([Number(m[1]), Number(m[2]), Number(m[3])])
    for (const m of value.matchAll(/color\(srgb\s+([-\d.e]+)\s+([-\d.e]+)\s+([-\d.e]+)\s*(?:\/\s*([\d.]+%?)\s*)?\)/gi))
      if (alpha(m[4]) > 0) out.push([m[1], m[2], m[3]].map((v) => Math.round(Number(v) * 255)))
    for (const m of value.matchAll(/#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-f])/gi)) {
      const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!
      out.push([0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)))
    }
    return out
  }

  /** the text of SVG pictures in data URIs of a value (url("data:image/svg+xml;base64,…") or percent-encoded) */
  const svgsIn = (value: string): string[] =>
    [...value.matchAll(/data:image\/svg\+xml(;base64)?,([^"')]*)/gi)].map((m) => {
      try {
        return m[1] ? atob(m[2]!) : decodeURIComponent(m[2]!)
      } catch {
        return ''
      }
    })

  const parentOf = (el: Element): Element | null =>
    el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null

  const tagOf = (el: Element) => {
    const cls = typeof el.className === 'string' ? el.className : (el.getAttribute('class') ?? '')
    const classes = cls
      .split(/\s+/)
      .filter((c) => c && !/^taro_|^hydrated$/.test(c))
      .slice(0, 4)
    return `<${el.tagName.toLowerCase()}${classes.length ? ` class="${classes.join(' ')}"` : ''}>`
  }

  /** tag, classes and text; an element without text also names its parent */
  const describeEl = (el: Element, pseudo: string) => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)
    const parent = parentOf(el)
    return `${tagOf(el)}${pseudo}${text ? ` "${text}"` : parent ? ` in ${tagOf(parent)}` : ''}`
  }

  /** a box of its own, not clipped away by an ancestor that hides its overflow; reachable by scrolling counts */
  const drawn = (el: Element): boolean => {
    const r = el.getBoundingClientRect()
    if (!(r.width > 0 && r.height > 0)) return false
    let [left, right, top, bottom] = [r.left, r.right, r.top, r.bottom]
    let fixed = getComputedStyle(el).position === 'fixed'
    for (let a = parentOf(el); a && a !== document.documentElement; a = parentOf(a)) {
      const cs = getComputedStyle(a)
      if (fixed && cs.transform === 'none' && cs.filter === 'none') continue
      const ar = a.getBoundingClientRect()
      const clip = (o: string, lo: number, hi: number, scroll: number, size: number): [number, number] | null =>
        o === 'hidden' || o === 'clip'
          ? [lo, hi]
          : o === 'auto' || o === 'scroll'
            ? [lo - scroll, lo - scroll + Math.max(size, hi - lo)]
            : null
      const x = clip(cs.overflowX, ar.left, ar.right, a.scrollLeft, a.scrollWidth)
      if (x) [left, right] = [Math.max(left, x[0]), Math.min(right, x[1])]
      const y = clip(cs.overflowY, ar.top, ar.bottom, a.scrollTop, a.scrollHeight)
      if (y) [top, bottom] = [Math.max(top, y[0]), Math.min(bottom, y[1])]
      if (cs.position === 'fixed') fixed = true
      if (right - left <= 0 || bottom - top <= 0) return false
    }
    // the page itself: no sideways scrolling, downwards as far as it goes
    const root = document.documentElement
    return right > -window.scrollX && left < root.clientWidth && bottom > -window.scrollY && top < root.scrollHeight
  }

  const check = (el: Element, cs: CSSStyleDeclaration, pseudo: string) => {
    const props: [string, string][] = [
      ['color', cs.color],
      ['background-color', cs.backgroundColor],
      ['box-shadow', cs.boxShadow],
      ['text-shadow', cs.textShadow],
    ]
    for (const side of ['top', 'right', 'bottom', 'left'])
      if (
        Number.parseFloat(cs.getPropertyValue(`border-${side}-width`)) > 0 &&
        !/none|hidden/.test(cs.getPropertyValue(`border-${side}-style`))
      )
        props.push([`border-${side}-color`, cs.getPropertyValue(`border-${side}-color`)])
    if (cs.outlineStyle !== 'none' && Number.parseFloat(cs.outlineWidth) > 0)
      props.push(['outline-color', cs.outlineColor])
    if (!/none/.test(cs.textDecorationLine)) props.push(['text-decoration-color', cs.textDecorationColor])
    // text drawn in another colour than `color` (-webkit-text-fill-color defaults to the text colour)
    if (cs.webkitTextFillColor !== cs.color) props.push(['-webkit-text-fill-color', cs.webkitTextFillColor])
    if (Number.parseFloat(cs.webkitTextStrokeWidth) > 0)
      props.push(['-webkit-text-stroke-color', cs.webkitTextStrokeColor])
    if (el instanceof SVGElement) props.push(['fill', cs.fill], ['stroke', cs.stroke])
    if (cs.backgroundImage !== 'none') {
      // gradients' colours, and the colours of SVG pictures drawn as the background
      props.push(['background-image', cs.backgroundImage.replace(/url\([^)]*\)/g, '')])
      for (const svg of svgsIn(cs.backgroundImage)) props.push(['background-image (SVG picture)', svg])
    }
    if (!pseudo && el instanceof HTMLImageElement)
      for (const svg of svgsIn(el.currentSrc || el.src)) props.push(['src (SVG picture)', svg])
    for (const [property, value] of props)
      for (const rgb of coloursIn(value ?? '')) {
        const c = which(rgb)
        if (c) {
          hits.push({
            element: describeEl(el, pseudo),
            property,
            value: value.length > 120 ? `${value.slice(0, 120)}…` : value,
            colour: c.label,
          })
          break
        }
      }
  }

  const all: Element[] = []
  const collect = (root: Document | ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el)
      if (el.shadowRoot) collect(el.shadowRoot)
    }
  }
  collect(document)
  let scanned = 0
  for (const el of all) {
    if (
      !el.checkVisibility({
        checkOpacity: true,
        checkVisibilityCSS: true,
        opacityProperty: true,
        visibilityProperty: true,
      } as CheckVisibilityOptions) ||
      !drawn(el)
    )
      continue
    scanned++
    check(el, getComputedStyle(el), '')
    for (const pseudo of ['::before', '::after']) {
      const ps = getComputedStyle(el, pseudo)
      if (/^(none|normal)$/.test(ps.content) || ps.display === 'none' || ps.visibility !== 'visible') continue
      if (Number.parseFloat(ps.opacity) === 0) continue
      check(el, ps, pseudo)
    }
  }
  return { hits, scanned }
}

/** Opens a tab, waits until it has settled (network idle + 1.5 s) and returns what is painted in `colours`. */
async function scan(page: Page, host: string, path: string, colours: Colour[]) {
  await page.goto(server.url(host, path), { waitUntil: 'networkidle', timeout: 30_000 })
  await settled(page)
  await page.waitForLoadState('networkidle')
  await sleep(1500)
  const seen = await page.evaluate(() => (window as unknown as { __brandSeen?: string[] }).__brandSeen ?? [])
  return { ...(await page.evaluate(paintedIn, colours)), seen }
}

describe('no element of one school’s pages is painted in the other school’s brand', () => {
  for (const host of [HOST_B, HOST_A]) {
    it(`${host}: home, purchase centre, learning, question bank and My account`, async () => {
      const school = schools.find((s) => s.host === host)!
      const other = schools.find((s) => s.host !== host)!
      const theirs: Colour[] = [
        { label: `${other.code}'s primary ${other.primary}`, rgb: rgbOf(other.primary) },
        { label: `${other.code}'s readable shade ${other.ink}`, rgb: rgbOf(other.ink) },
      ]
      const ours: Colour[] = [
        { label: 'own primary', rgb: rgbOf(school.primary) },
        { label: 'own shade', rgb: rgbOf(school.ink) },
      ]
      const leaks: string[] = []
      const page = await newPage()
      for (const visitor of [true, false]) {
        if (!visitor) await login(page, school)
        for (const tab of TABS.filter((t) => !visitor || t.visitor)) {
          const where = `${tab.name} (${visitor ? 'visitor' : 'learner'})`
          const { hits, scanned, seen } = await scan(page, host, tab.path, theirs)
          expect(scanned, `${where}: elements drawn`).toBeGreaterThan(20)
          if (seen.includes(other.primary.toLowerCase()))
            leaks.push(
              `${where}: the page was drawn with --primary = ${other.primary} (${other.code}'s) before its own`,
            )
          for (const h of hits) leaks.push(`${where}: ${h.element} ${h.property} = ${h.value} (${h.colour})`)
          if (hits.length) {
            mkdirSync('.test-tmp', { recursive: true })
            await page.screenshot({ path: `.test-tmp/e2e-brand-${host}-${tab.name.replace(/\W+/g, '-')}.png` })
          }
          // the scan itself sees colours: the page wears its own school's brand somewhere
          const own = await page.evaluate(paintedIn, ours)
          expect(own.hits.length, `${where}: elements in ${school.code}'s own brand`).toBeGreaterThan(0)
        }
      }
      expect(leaks, `elements of ${host} painted in ${other.code}'s brand`).toEqual([])
    })
  }
})
