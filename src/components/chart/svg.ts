/**
 * Charts drawn as small SVG documents (no chart library, no canvas): shown through <Image> as data URIs, which
 * the mini-program and the browser both render crisply at any pixel ratio. Labels stay outside the picture as
 * text (fonts inside an SVG image are not reliable on weapp). Pure functions, no Taro import.
 */
import { base64Ascii } from '@/components/tab-bar/icons'

export const svgUri = (svg: string) => `data:image/svg+xml;base64,${base64Ascii(svg)}`

const r1 = (n: number) => Math.round(n * 10) / 10

export interface TrendChartInput {
  /** one value per day, 0-100, null where nothing was answered (the line breaks there) */
  rates: (number | null)[]
  /** one count per day (bars under the line, scaled to their own maximum) */
  counts: number[]
  width: number
  height: number
  line: string
  bar: string
}

/** Plot area inside the picture: a little room so the line's round caps and dots are not cut. */
const PAD = { top: 10, right: 10, bottom: 10, left: 10 }

/** x of day i of n in the plot (days centred in their slots). */
function xOf(i: number, n: number, width: number): number {
  const w = width - PAD.left - PAD.right
  return PAD.left + (w * (i + 0.5)) / Math.max(1, n)
}

/** The right-rate line (with its area) over the answer-count bars, with grid lines at 0 / 50 / 100 %. */
export function trendSvg({ rates, counts, width, height, line, bar }: TrendChartInput): string {
  const n = Math.max(rates.length, counts.length)
  const plotH = height - PAD.top - PAD.bottom
  const yOf = (rate: number) => PAD.top + plotH * (1 - Math.max(0, Math.min(100, rate)) / 100)
  const parts: string[] = []
  for (const g of [0, 50, 100])
    parts.push(
      `<line x1="${PAD.left}" x2="${width - PAD.right}" y1="${r1(yOf(g))}" y2="${r1(yOf(g))}" stroke="#e5e7eb" stroke-width="1"${g === 50 ? ' stroke-dasharray="4 4"' : ''}/>`,
    )
  const peak = Math.max(1, ...counts)
  const slot = (width - PAD.left - PAD.right) / Math.max(1, n)
  const bw = Math.max(2, slot * 0.56)
  counts.forEach((c, i) => {
    if (c <= 0) return
    const h = Math.max(2, (plotH * 0.9 * c) / peak)
    parts.push(
      `<rect x="${r1(xOf(i, n, width) - bw / 2)}" y="${r1(PAD.top + plotH - h)}" width="${r1(bw)}" height="${r1(h)}" rx="${r1(Math.min(3, bw / 2))}" fill="${bar}"/>`,
    )
  })
  // runs of consecutive days with a rate: one path each (a day without answers breaks the line)
  const runs: [number, number][][] = []
  let run: [number, number][] = []
  rates.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      if (run.length) runs.push(run)
      run = []
    } else run.push([r1(xOf(i, n, width)), r1(yOf(v))])
  })
  if (run.length) runs.push(run)
  for (const pts of runs) {
    if (pts.length > 1) {
      const d = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join(' ')
      const base = r1(PAD.top + plotH)
      parts.push(
        `<path d="${d} L${pts.at(-1)![0]} ${base} L${pts[0]![0]} ${base} Z" fill="${line}" fill-opacity="0.12"/>`,
      )
      parts.push(
        `<path d="${d}" fill="none" stroke="${line}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`,
      )
    }
    for (const [x, y] of pts)
      parts.push(`<circle cx="${x}" cy="${y}" r="4" fill="#fff" stroke="${line}" stroke-width="2.5"/>`)
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`
}

/** A ring showing a share (0-100) in `color` over a light track. */
export function ringSvg(value: number, color: string, size = 120, stroke = 14): string {
  const r = (size - stroke) / 2
  const c = 2 * Math.PI * r
  const v = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0))
  const arc =
    v > 0
      ? `<circle cx="${size / 2}" cy="${size / 2}" r="${r1(r)}" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linecap="round" stroke-dasharray="${r1((c * v) / 100)} ${r1(c)}" transform="rotate(-90 ${size / 2} ${size / 2})"/>`
      : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${r1(r)}" fill="none" stroke="#eef0f3" stroke-width="${stroke}"/>${arc}</svg>`
}

/** The colour of a rate: green from 80 %, amber from 60 %, red below. */
export function rateTone(rate: number): 'good' | 'fair' | 'poor' {
  return rate >= 80 ? 'good' : rate >= 60 ? 'fair' : 'poor'
}
