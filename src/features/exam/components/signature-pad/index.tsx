/**
 * A handwriting pad on `<Canvas type="2d">`: touch on both platforms and the mouse on H5 (desktop browsers
 * do not turn mouse moves into touches). Strokes live as data (stroke.ts): each new point draws one smoothed
 * segment; export redraws everything at the export size first, so what is uploaded never depends on the
 * canvas having kept its pixels. The exported PNG stays under 1000 px a side, below the photo compression
 * rule, so uploadImage sends it unchanged.
 */
import { Canvas, Text, View } from '@tarojs/components'
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { type CanvasBox, type Ctx2D, nextCanvasId, pixelRatio, prepareCanvas, waitForCanvas } from '../../exams/canvas'
import { tx } from '../../exams/messages'
import { type CanvasImage, canvasImage } from '../../exams/save'
import {
  dotOf,
  inkLength,
  nextPoint,
  type PointerEventLike,
  pointFromEvent,
  type Segment,
  type Stroke,
  segmentAt,
  strokeSegments,
  tailSegment,
} from './stroke'
import './index.scss'

/** Longest side of the exported signature (px): under compressPlan's 1000 px, so it is not re-encoded. */
const MAX_EXPORT_SIDE = 1000
const INK = '#1f2329'
const PAPER = '#ffffff'

export interface SignaturePadHandle {
  clear(): void
  /** total stroke length drawn, css px */
  ink(): number
  /** the signature as a PNG file path (redrawn at export size first) */
  toImage(): Promise<CanvasImage>
}

interface Props {
  /** called after each stroke and on clear with the total ink length */
  onInk?: (length: number) => void
  disabled?: boolean
}

function drawSegment(ctx: Ctx2D, s: Segment) {
  ctx.beginPath()
  ctx.lineWidth = s.w
  ctx.moveTo(s.x0, s.y0)
  ctx.quadraticCurveTo(s.cx, s.cy, s.x1, s.y1)
  ctx.stroke()
}

function drawDot(ctx: Ctx2D, stroke: Stroke) {
  const d = dotOf(stroke)
  if (!d) return
  ctx.beginPath()
  ctx.arc(d.x, d.y, d.r, 0, Math.PI * 2)
  ctx.fill()
}

function paintAll(ctx: Ctx2D, box: CanvasBox, strokes: readonly Stroke[]) {
  ctx.fillStyle = PAPER
  ctx.fillRect(0, 0, box.width, box.height)
  ctx.strokeStyle = INK
  ctx.fillStyle = INK
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  for (const s of strokes) {
    if (s.length === 1) drawDot(ctx, s)
    else for (const seg of strokeSegments(s)) drawSegment(ctx, seg)
  }
}

type DomEvent = PointerEventLike & {
  type?: string
  cancelable?: boolean
  preventDefault?: () => void
  currentTarget?: { getBoundingClientRect?: () => { left: number; top: number } } | null
}

export const SignaturePad = forwardRef<SignaturePadHandle, Props>(function SignaturePad({ onInk, disabled }, ref) {
  const [id] = useState(() => nextCanvasId('sign-pad'))
  const box = useRef<CanvasBox | null>(null)
  const ctx = useRef<Ctx2D | null>(null)
  const strokes = useRef<Stroke[]>([])
  const active = useRef<'touch' | 'mouse' | null>(null)
  const rect = useRef<{ left: number; top: number } | null>(null)
  const lastTouch = useRef(0)
  const onInkRef = useRef(onInk)
  onInkRef.current = onInk

  /** backing-store size set by the last setup: a platform that resets the canvas changes it */
  const sized = useRef({ width: 0, height: 0 })

  const setup = useCallback((b: CanvasBox) => {
    box.current = b
    ctx.current = prepareCanvas(b, Math.min(pixelRatio(), MAX_EXPORT_SIDE / Math.max(b.width, b.height)))
    sized.current = { width: b.node.width, height: b.node.height }
    if (ctx.current) paintAll(ctx.current, b, strokes.current)
  }, [])

  /**
   * The drawing context, set up again when the canvas was reset under us (Taro H5's canvas element sizes its
   * <canvas> once more after its first render, which clears it): the strokes are redrawn from data.
   */
  const liveCtx = useCallback(() => {
    const b = box.current
    if (!b) return null
    if (b.node.width !== sized.current.width || b.node.height !== sized.current.height) setup(b)
    return ctx.current
  }, [setup])

  useEffect(() => {
    let alive = true
    waitForCanvas(id, () => alive).then((b) => {
      if (alive && b) setup(b)
    })
    return () => {
      alive = false
    }
  }, [id, setup])

  const report = () => onInkRef.current?.(inkLength(strokes.current))

  useImperativeHandle(
    ref,
    () => ({
      clear() {
        strokes.current = []
        active.current = null
        const c = liveCtx()
        if (c && box.current) paintAll(c, box.current, [])
        onInkRef.current?.(0)
      },
      ink: () => inkLength(strokes.current),
      async toImage() {
        const b = box.current
        if (!b) throw new Error('signature pad is not ready')
        // redraw at the export size: the pixels on screen may have been cleared by the platform
        setup(b)
        return canvasImage(b.node, 'signature.png')
      },
    }),
    [setup, liveCtx],
  )

  const position = (e: DomEvent) => {
    const b = box.current
    return pointFromEvent(e, rect.current, b ? { width: b.width, height: b.height } : undefined)
  }

  const begin = (e: DomEvent, kind: 'touch' | 'mouse') => {
    if (disabled) return
    // a touch screen may also fire mouse events for a touch: ignore those during and just after it
    if (kind === 'mouse' && (active.current === 'touch' || Date.now() - lastTouch.current < 800)) return
    if (kind === 'touch' && e.cancelable) e.preventDefault?.()
    rect.current = e.currentTarget?.getBoundingClientRect?.() ?? null
    const p = position(e)
    if (!p) return
    const first = nextPoint([], { ...p, t: Date.now() })!
    strokes.current.push([first])
    active.current = kind
  }

  const move = (e: DomEvent, kind: 'touch' | 'mouse') => {
    if (active.current !== kind) return
    if (e.cancelable) e.preventDefault?.() // keep the page from scrolling under the pen
    const stroke = strokes.current[strokes.current.length - 1]
    const p = stroke && position(e)
    if (!stroke || !p) return
    const next = nextPoint(stroke, { ...p, t: Date.now() })
    if (!next) return
    stroke.push(next)
    const seg = segmentAt(stroke, stroke.length - 1)
    const c = liveCtx()
    if (c && seg) {
      c.strokeStyle = INK
      c.lineCap = 'round'
      c.lineJoin = 'round'
      drawSegment(c, seg)
    }
  }

  const end = (kind: 'touch' | 'mouse') => {
    if (kind === 'touch') lastTouch.current = Date.now()
    if (active.current !== kind) return
    active.current = null
    const stroke = strokes.current[strokes.current.length - 1]
    const c = liveCtx()
    if (stroke && c) {
      c.strokeStyle = INK
      c.fillStyle = INK
      const tail = tailSegment(stroke)
      if (tail) drawSegment(c, tail)
      else drawDot(c, stroke)
    }
    report()
  }

  // Mouse handlers are not in Canvas's props type: H5 attaches them to the element, weapp has no mouse.
  const mouse = {
    onMouseDown: (e: DomEvent) => begin(e, 'mouse'),
    onMouseMove: (e: DomEvent) => move(e, 'mouse'),
    onMouseUp: () => end('mouse'),
    onMouseLeave: () => end('mouse'),
  } as Record<string, unknown>

  return (
    <View className={`sign-pad${disabled ? ' is-disabled' : ''}`}>
      <View className="sign-pad-box">
        <Canvas
          type="2d"
          id={id}
          className="sign-pad-canvas"
          disableScroll
          onTouchStart={(e) => begin(e as unknown as DomEvent, 'touch')}
          onTouchMove={(e) => move(e as unknown as DomEvent, 'touch')}
          onTouchEnd={() => end('touch')}
          onTouchCancel={() => end('touch')}
          {...mouse}
        />
      </View>
      <Text className="sign-pad-hint">{tx('sign.padHint')}</Text>
    </View>
  )
})
