/**
 * A `<Canvas type="2d">` node and its drawing context, the same on weapp and H5: Taro's selector query gives
 * the real canvas (H5: the <canvas> inside taro-canvas-core; weapp: the 2d canvas node). The backing store is
 * sized to the css box times the pixel ratio, capped so an exported image stays under `maxSide` px.
 */
import Taro from '@tarojs/taro'

/** What both platforms' 2d canvas nodes offer. */
export interface CanvasNode {
  width: number
  height: number
  getContext(type: '2d'): unknown
}

/** The drawing calls the pages use (a subset of CanvasRenderingContext2D, also on weapp's 2d canvas). */
export interface Ctx2D {
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  lineCap: string
  lineJoin: string
  font: string
  textAlign: string
  textBaseline: string
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void
  fillRect(x: number, y: number, w: number, h: number): void
  strokeRect(x: number, y: number, w: number, h: number): void
  beginPath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  quadraticCurveTo(cx: number, cy: number, x: number, y: number): void
  arc(x: number, y: number, r: number, start: number, end: number): void
  stroke(): void
  fill(): void
  fillText(text: string, x: number, y: number): void
  measureText(text: string): { width: number }
  save(): void
  restore(): void
  translate(x: number, y: number): void
  rotate(angle: number): void
}

export interface CanvasBox {
  node: CanvasNode
  /** css size */
  width: number
  height: number
}

let seq = 0
/** A page-unique canvas id (H5 keeps earlier pages in the document: ids must not repeat). */
export function nextCanvasId(prefix: string): string {
  seq += 1
  return `${prefix}-${seq}`
}

export function pixelRatio(): number {
  try {
    const info = (Taro.getWindowInfo?.() ?? Taro.getSystemInfoSync()) as { pixelRatio?: number }
    return info.pixelRatio && info.pixelRatio > 0 ? info.pixelRatio : 1
  } catch {
    return 1
  }
}

/**
 * The canvas with this id and its css size, or null when it is not laid out (yet). Two requests in one query:
 * Taro H5's `fields({ node, size })` answers the node only, so the size comes from boundingClientRect.
 */
export function queryCanvas(id: string): Promise<CanvasBox | null> {
  return new Promise((resolve) => {
    try {
      const q = Taro.createSelectorQuery()
      q.select(`#${id}`).node()
      q.select(`#${id}`).boundingClientRect()
      q.exec((res: unknown) => {
        const [n, r] = (res ?? []) as [{ node?: CanvasNode | null } | null, { width?: number; height?: number } | null]
        if (n?.node && r?.width && r.height) resolve({ node: n.node, width: r.width, height: r.height })
        else resolve(null)
      })
    } catch {
      resolve(null)
    }
  })
}

/** queryCanvas, asked again a few times while the page lays out; null if it never appears. */
export async function waitForCanvas(id: string, alive: () => boolean, tries = 10, gapMs = 80) {
  for (let i = 0; i < tries && alive(); i++) {
    const box = await queryCanvas(id)
    if (box) return box
    await new Promise((r) => setTimeout(r, gapMs))
  }
  return null
}

/**
 * Size the backing store to the css size x `scale` and return a context drawing in css units. Setting the
 * size clears the canvas: callers redraw after.
 */
export function prepareCanvas(box: CanvasBox, scale: number): Ctx2D | null {
  box.node.width = Math.max(1, Math.round(box.width * scale))
  box.node.height = Math.max(1, Math.round(box.height * scale))
  const ctx = box.node.getContext('2d') as Ctx2D | null
  if (!ctx) return null
  ctx.setTransform(box.node.width / box.width, 0, 0, box.node.height / box.height, 0, 0)
  return ctx
}
