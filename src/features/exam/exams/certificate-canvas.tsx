/**
 * The certificate on a `<Canvas type="2d">` (drawing: certificate-draw.ts) and its saving: redrawn at the
 * export size, then saved by the platform (save.h5.ts: a PNG download; save.weapp.ts: the photo album).
 */
import { Canvas, View } from '@tarojs/components'
import dayjs from 'dayjs'
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react'
import type { Certificate } from '@/features/exam/api'
import { currentBrand } from '@/services/tenant/brand'
import { type CanvasBox, nextCanvasId, prepareCanvas, waitForCanvas } from './canvas'
import { CERT_H, CERT_W, type CertificateView, drawCertificate } from './certificate-draw'
import { tx } from './messages'
import { score } from './rules'
import { absoluteVerifyUrl, saveCanvasImage } from './save'

/** Width of the saved picture (px); the height follows the A4 ratio. */
const EXPORT_WIDTH = 1600

// the school of the host's tenant (src/services/tenant/brand.ts), not the build's
export function certificateView(c: Certificate, school = currentBrand().name): CertificateView {
  const date = dayjs.unix(c.issuedTime).format(tx('cert.dateFormat'))
  return {
    school,
    title: tx('cert.title'),
    body: tx('cert.body', {
      name: c.realName,
      date,
      exam: c.examName,
      score: score(c.score),
      pass: score(c.passScore),
    }),
    serialLine: tx('cert.serial', { serial: c.serial }),
    verifyLine: tx('cert.verifyLine', { url: absoluteVerifyUrl(c.verifyUrl) }),
    date,
    voidText: c.valid ? '' : tx('cert.void'),
  }
}

export interface CertificateCanvasHandle {
  /** 'cancelled' when the learner declined (album permission) */
  save(): Promise<'saved' | 'cancelled'>
}

export const CertificateCanvas = forwardRef<CertificateCanvasHandle, { cert: Certificate }>(function CertificateCanvas(
  { cert },
  ref,
) {
  const [id] = useState(() => nextCanvasId('cert'))
  const box = useRef<CanvasBox | null>(null)
  const view = useRef(certificateView(cert))
  view.current = certificateView(cert)

  const paint = useCallback((b: CanvasBox) => {
    const ctx = prepareCanvas(b, EXPORT_WIDTH / b.width)
    if (!ctx) return false
    ctx.setTransform(b.node.width / CERT_W, 0, 0, b.node.height / CERT_H, 0, 0)
    drawCertificate(ctx, view.current)
    return true
  }, [])

  useEffect(() => {
    let alive = true
    const timers: ReturnType<typeof setTimeout>[] = []
    waitForCanvas(id, () => alive).then((b) => {
      if (!alive || !b) return
      box.current = b
      paint(b)
      const painted = { width: b.node.width, height: b.node.height }
      // Taro H5's canvas element sizes its <canvas> once more after its first render, which clears it
      for (const ms of [300, 1000]) {
        timers.push(
          setTimeout(() => {
            if (alive && (b.node.width !== painted.width || b.node.height !== painted.height)) paint(b)
          }, ms),
        )
      }
    })
    return () => {
      alive = false
      for (const t of timers) clearTimeout(t)
    }
  }, [id, paint])

  // a changed certificate (reload) is drawn again
  // biome-ignore lint/correctness/useExhaustiveDependencies: redraw when what is shown changes
  useEffect(() => {
    if (box.current) paint(box.current)
  }, [cert.serial, cert.valid, cert.realName, cert.examName, cert.score, paint])

  useImperativeHandle(
    ref,
    () => ({
      async save() {
        const b = box.current
        if (!b || !paint(b)) throw new Error('certificate canvas is not ready')
        return saveCanvasImage(b.node, `certificate-${cert.serial}.png`)
      },
    }),
    [cert.serial, paint],
  )

  return (
    <View className="cert-frame">
      <Canvas type="2d" id={id} className="cert-canvas" />
    </View>
  )
})
