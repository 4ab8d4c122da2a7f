/**
 * The certificate picture: drawn in a fixed 1000 x 707 space (A4 landscape) onto any 2d context, so the
 * screen copy and the saved image are the same drawing. Text wraps by measured width (Chinese breaks between
 * characters, Latin text between words).
 */
import type { Ctx2D } from './canvas'

export const CERT_W = 1000
export const CERT_H = 707

export interface CertificateView {
  /** the school (tenant) */
  school: string
  title: string
  /** the paragraph: who passed what, when, with what score */
  body: string
  serialLine: string
  verifyLine: string
  date: string
  /** stamp text when the certificate is no longer valid, else empty */
  voidText: string
}

type Measure = (s: string) => number

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/

/** Words (with their trailing space) and single CJK characters: the places a line may break. */
function tokens(text: string): string[] {
  const out: string[] = []
  let word = ''
  for (const ch of Array.from(text)) {
    if (CJK.test(ch)) {
      if (word) out.push(word)
      word = ''
      out.push(ch)
    } else if (ch === ' ') {
      out.push(`${word} `)
      word = ''
    } else word += ch
  }
  if (word) out.push(word)
  return out
}

/** Punctuation that never starts a line (closing brackets, commas, stops) and that never ends one (opening). */
const NO_START = /^[」』）》〉】〕〗”’，。、；：！？…·%),.;:!?\]}]/
const NO_END = /[「『（《〈【〔〖“‘([{]$/

/**
 * Greedy line breaking; a token wider than a line (a long URL) is cut between characters. Chinese line-breaking
 * rules: a closing mark (」，。) never starts a line and an opening mark (「) never ends one: the character
 * before the closing mark, or the opening mark itself, moves to the next line with it.
 */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = []
  let line: string[] = []
  const width = (toks: string[]) => measure(toks.join(''))
  const push = () => {
    const s = line.join('').trimEnd()
    if (s.trim()) lines.push(s)
    line = []
  }
  for (const tok of tokens(text)) {
    if (width([...line, tok]) <= maxWidth) {
      line.push(tok)
      continue
    }
    if (line.length > 0) {
      // carry to the next line: an opening mark at the end, and the last character before a closing mark
      const carry: string[] = []
      const last = () => line[line.length - 1]!
      if (NO_START.test(tok)) {
        while (line.length > 1 && NO_START.test(last())) carry.unshift(line.pop()!)
        if (line.length > 1) carry.unshift(line.pop()!)
      }
      while (line.length > 1 && NO_END.test(last())) carry.unshift(line.pop()!)
      push()
      line = carry
    }
    if (width([...line, tok.trimStart()]) <= maxWidth) {
      line.push(line.length ? tok : tok.trimStart())
      continue
    }
    for (const ch of Array.from(tok)) {
      if (width([...line, ch]) > maxWidth && line.length) push()
      line.push(ch)
    }
  }
  push()
  return lines
}

/** Cut to fit one line, ending with an ellipsis. */
export function fitLine(text: string, maxWidth: number, measure: Measure): string {
  if (measure(text) <= maxWidth) return text
  const chars = Array.from(text)
  while (chars.length > 0 && measure(`${chars.join('')}…`) > maxWidth) chars.pop()
  return `${chars.join('')}…`
}

/** The largest font size from `max` down to `min` at which the text fits the width (sans-serif). */
export function fitFontSize(text: string, maxWidth: number, max: number, min: number, ctx: Ctx2D): number {
  for (let size = max; size > min; size--) {
    ctx.font = `${size}px sans-serif`
    if (ctx.measureText(text).width <= maxWidth) return size
  }
  return min
}

/** 合格证书 -> 合 格 证 书 (a title spaced out); Latin titles stay as they are. */
export const spaced = (title: string) => (/^[\u2e80-\u9fff]+$/.test(title) ? Array.from(title).join(' ') : title)

/** What a seal says under its star: the same in every language, like the school's name around it. */
export const SEAL_TEXT = '证书专用章'

/**
 * The school's seal (issue 25: the certificate had none): a red ring, the school's name along its upper arc
 * (centred, each character turned to face the centre), a five-pointed star in the middle and 证书专用章 under it.
 * Drawn from paths and text only, so it is the same on every platform and in the saved image.
 */
export function drawSeal(ctx: Ctx2D, school: string, cx: number, cy: number, r: number): void {
  const red = 'rgba(206, 32, 32, 0.82)'
  ctx.save()
  ctx.strokeStyle = red
  ctx.fillStyle = red
  ctx.lineWidth = Math.max(3, r * 0.06)
  ctx.beginPath()
  ctx.arc(cx, cy, r, 0, Math.PI * 2)
  ctx.stroke()

  // the star
  const outer = r * 0.3
  const inner = outer * 0.4
  ctx.beginPath()
  for (let i = 0; i < 10; i++) {
    const rad = i % 2 === 0 ? outer : inner
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    const x = cx + rad * Math.cos(a)
    const y = cy + rad * Math.sin(a)
    if (i === 0) ctx.moveTo(x, y)
    else ctx.lineTo(x, y)
  }
  ctx.lineTo(cx + outer * Math.cos(-Math.PI / 2), cy + outer * Math.sin(-Math.PI / 2))
  ctx.fill()

  // the name along the upper arc
  const chars = Array.from(school.trim()).slice(0, 18)
  const size = Math.round(r * (chars.length > 12 ? 0.19 : 0.22))
  ctx.font = `bold ${size}px sans-serif`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  const ring = r - size * 0.85
  const step = Math.min((Math.PI * 1.35) / Math.max(1, chars.length), (size * 1.15) / ring)
  const span = step * chars.length
  chars.forEach((ch, i) => {
    const a = -Math.PI / 2 - span / 2 + step * (i + 0.5)
    ctx.save()
    ctx.translate(cx + ring * Math.cos(a), cy + ring * Math.sin(a))
    ctx.rotate(a + Math.PI / 2)
    ctx.fillText(ch, 0, 0)
    ctx.restore()
  })

  ctx.font = `bold ${Math.round(r * 0.17)}px sans-serif`
  ctx.fillText(SEAL_TEXT, cx, cy + r * 0.55)
  ctx.restore()
}

export function drawCertificate(ctx: Ctx2D, v: CertificateView): void {
  const measure: Measure = (s) => ctx.measureText(s).width
  ctx.fillStyle = '#fffdf6'
  ctx.fillRect(0, 0, CERT_W, CERT_H)

  // frame: a heavy outer line and a thin inner one
  ctx.strokeStyle = '#b8862b'
  ctx.lineWidth = 12
  ctx.strokeRect(22, 22, CERT_W - 44, CERT_H - 44)
  ctx.lineWidth = 2
  ctx.strokeRect(42, 42, CERT_W - 84, CERT_H - 84)

  ctx.textBaseline = 'middle'
  ctx.textAlign = 'center'
  ctx.fillStyle = '#5c4a1f'
  ctx.font = '30px sans-serif'
  ctx.fillText(fitLine(v.school, 760, measure), CERT_W / 2, 112)

  ctx.fillStyle = '#9a2a1c'
  ctx.font = 'bold 72px serif'
  ctx.fillText(spaced(v.title), CERT_W / 2, 200)

  ctx.textAlign = 'left'
  ctx.fillStyle = '#1f2329'
  ctx.font = '30px sans-serif'
  const lines = wrapText(v.body, 780, measure).slice(0, 5)
  lines.forEach((l, i) => {
    ctx.fillText(l, 110, 300 + i * 52)
  })

  ctx.textAlign = 'right'
  ctx.fillStyle = '#1f2329'
  ctx.font = '26px sans-serif'
  ctx.fillText(fitLine(v.school, 320, measure), 756, 548)
  ctx.fillText(v.date, 756, 588)
  // the seal beside the school's name and the date, the way a certificate is stamped, without hiding them
  drawSeal(ctx, v.school, 838, 552, 66)

  // serial and verification link on the full width at the bottom: the link is printed whole (never cut), in a
  // smaller type when it is long
  ctx.textAlign = 'left'
  ctx.fillStyle = '#646a73'
  ctx.font = '20px sans-serif'
  ctx.fillText(fitLine(v.serialLine, 500, measure), 80, 598)
  ctx.font = `${fitFontSize(v.verifyLine, 840, 20, 12, ctx)}px sans-serif`
  ctx.fillText(v.verifyLine, 80, 632)

  if (v.voidText) {
    ctx.save()
    ctx.translate(CERT_W / 2, CERT_H / 2)
    ctx.rotate(-Math.PI / 9)
    ctx.textAlign = 'center'
    ctx.strokeStyle = 'rgba(217, 48, 37, 0.75)'
    ctx.fillStyle = 'rgba(217, 48, 37, 0.75)'
    ctx.lineWidth = 6
    ctx.strokeRect(-170, -60, 340, 120)
    ctx.font = 'bold 64px sans-serif'
    ctx.fillText(v.voidText, 0, 0)
    ctx.restore()
  }
}
