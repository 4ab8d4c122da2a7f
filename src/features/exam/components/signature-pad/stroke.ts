/**
 * Signature strokes as data (no Taro, no canvas): points thinned by distance, a pen width that follows the
 * speed (fast = thin, like ink), and the quadratic curves through the midpoints that smooth a stroke. The pad
 * draws each new segment as it arrives and can redraw every stroke from this data (export, resize).
 */

export interface StrokePoint {
  x: number
  y: number
  /** ms */
  t: number
  /** pen width at this point, px */
  w: number
}

export type Stroke = StrokePoint[]

export interface PenOptions {
  minWidth: number
  maxWidth: number
  /** points closer than this to the previous one are dropped (px) */
  minDistance: number
  /** share of the previous width kept at each point (0-1): higher = smoother width changes */
  widthSmoothing: number
}

export const PEN: PenOptions = { minWidth: 1.6, maxWidth: 4.2, minDistance: 2, widthSmoothing: 0.7 }

/** Total stroke length (css px) a signature needs before it is accepted: a dot or a flick is not a name. */
export const MIN_INK_LENGTH = 120

/** One quadratic curve of a stroke: from (x0, y0) through control (cx, cy) to (x1, y1), at width w. */
export interface Segment {
  x0: number
  y0: number
  cx: number
  cy: number
  x1: number
  y1: number
  w: number
}

const mid = (a: StrokePoint, b: StrokePoint) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })
const dist = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(b.x - a.x, b.y - a.y)

/** Pen width for a speed in px/ms: full width when still, thinner as the pen moves faster. */
export function widthForSpeed(speed: number, pen: PenOptions = PEN): number {
  return Math.max(pen.minWidth, Math.min(pen.maxWidth, pen.maxWidth / (Math.max(0, speed) + 1)))
}

/**
 * The point to append for a raw position at time t, or null when it is too close to the last one.
 * The first point of a stroke gets the middle width.
 */
export function nextPoint(
  stroke: Stroke,
  raw: { x: number; y: number; t: number },
  pen: PenOptions = PEN,
): StrokePoint | null {
  const last = stroke[stroke.length - 1]
  if (!last) return { x: raw.x, y: raw.y, t: raw.t, w: (pen.minWidth + pen.maxWidth) / 2 }
  const d = dist(last, raw)
  if (d < pen.minDistance) return null
  const speed = d / Math.max(1, raw.t - last.t)
  const w = last.w * pen.widthSmoothing + widthForSpeed(speed, pen) * (1 - pen.widthSmoothing)
  return { x: raw.x, y: raw.y, t: raw.t, w }
}

/**
 * The curve to draw when point i (>= 1) arrives: from the previous midpoint (the first point for i = 1)
 * through point i-1 to the midpoint of i-1 and i. Consecutive segments join without corners.
 */
export function segmentAt(stroke: Stroke, i: number): Segment | null {
  if (i < 1 || i >= stroke.length) return null
  const prev = stroke[i - 1]!
  const cur = stroke[i]!
  const start = i === 1 ? prev : mid(stroke[i - 2]!, prev)
  const end = mid(prev, cur)
  return { x0: start.x, y0: start.y, cx: prev.x, cy: prev.y, x1: end.x, y1: end.y, w: (prev.w + cur.w) / 2 }
}

/** The last piece of a finished stroke: from the last midpoint to the last point. */
export function tailSegment(stroke: Stroke): Segment | null {
  const n = stroke.length
  if (n < 2) return null
  const last = stroke[n - 1]!
  const start = mid(stroke[n - 2]!, last)
  return { x0: start.x, y0: start.y, cx: last.x, cy: last.y, x1: last.x, y1: last.y, w: last.w }
}

/** A tap without movement: a round dot. */
export function dotOf(stroke: Stroke): { x: number; y: number; r: number } | null {
  return stroke.length === 1 ? { x: stroke[0]!.x, y: stroke[0]!.y, r: stroke[0]!.w / 2 } : null
}

/** Every curve of a finished stroke, in drawing order (what the incremental drawing produced). */
export function strokeSegments(stroke: Stroke): Segment[] {
  const out: Segment[] = []
  for (let i = 1; i < stroke.length; i++) out.push(segmentAt(stroke, i)!)
  const tail = tailSegment(stroke)
  if (tail) out.push(tail)
  return out
}

export function strokeLength(stroke: Stroke): number {
  let sum = 0
  for (let i = 1; i < stroke.length; i++) sum += dist(stroke[i - 1]!, stroke[i]!)
  return sum
}

export function inkLength(strokes: readonly Stroke[]): number {
  return strokes.reduce((s, k) => s + strokeLength(k), 0)
}

export function hasEnoughInk(strokes: readonly Stroke[], min = MIN_INK_LENGTH): boolean {
  return inkLength(strokes) >= min
}

interface TouchLike {
  x?: number
  y?: number
  clientX?: number
  clientY?: number
}
export interface PointerEventLike {
  touches?: ArrayLike<TouchLike>
  changedTouches?: ArrayLike<TouchLike>
  clientX?: number
  clientY?: number
}

/**
 * The position of a touch or mouse event inside the canvas. Mini-program canvas touches carry x / y relative
 * to the canvas; browser touches and mouse events carry clientX / clientY, made relative with the canvas's
 * box. Clamped to the canvas (size given) so a stroke leaving the pad stays on its edge.
 */
export function pointFromEvent(
  e: PointerEventLike,
  rect: { left: number; top: number } | null,
  size?: { width: number; height: number },
): { x: number; y: number } | null {
  const touch = (e.touches && e.touches.length > 0 ? e.touches[0] : undefined) ?? e.changedTouches?.[0]
  let x: number | undefined
  let y: number | undefined
  if (touch && typeof touch.x === 'number' && typeof touch.y === 'number') {
    x = touch.x
    y = touch.y
  } else {
    const src = touch ?? e
    if (typeof src.clientX !== 'number' || typeof src.clientY !== 'number') return null
    x = src.clientX - (rect?.left ?? 0)
    y = src.clientY - (rect?.top ?? 0)
  }
  if (!Number.isFinite(x) || !Number.isFinite(y)) return null
  if (size) {
    x = Math.max(0, Math.min(size.width, x))
    y = Math.max(0, Math.min(size.height, y))
  }
  return { x, y }
}
