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

/** Greedy line breaking; a token wider than a line (a long URL) is cut between characters. */
export function wrapText(text: string, maxWidth: number, measure: Measure): string[] {
  const lines: string[] = []
  let line = ''
  const push = () => {
    if (line.trim()) lines.push(line.trimEnd())
    line = ''
  }
  for (const tok of tokens(text)) {
    if (measure(line + tok) <= maxWidth) {
      line += tok
      continue
    }
    if (line) push()
    if (measure(tok) <= maxWidth) {
      line = tok.trimStart()
      continue
    }
    for (const ch of Array.from(tok)) {
      if (measure(line + ch) > maxWidth && line) push()
      line += ch
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

/** 合格证书 -> 合 格 证 书 (a title spaced out); Latin titles stay as they are. */
export const spaced = (title: string) => (/^[\u2e80-\u9fff]+$/.test(title) ? Array.from(title).join(' ') : title)

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

  ctx.fillStyle = '#646a73'
  ctx.font = '20px sans-serif'
  ctx.fillText(fitLine(v.serialLine, 500, measure), 80, 596)
  ctx.fillText(fitLine(v.verifyLine, 500, measure), 80, 628)

  ctx.textAlign = 'right'
  ctx.fillStyle = '#1f2329'
  ctx.font = '26px sans-serif'
  ctx.fillText(fitLine(v.school, 320, measure), 900, 590)
  ctx.fillText(v.date, 900, 630)

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
