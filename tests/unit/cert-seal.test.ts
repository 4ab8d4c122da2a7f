/** Issue 25 §7: the certificate picture carries the issuing school's seal (a red ring with its name, a star). */
import { describe, expect, it } from 'vitest'
import type { Ctx2D } from '@/features/exam/exams/canvas'
import { type CertificateView, drawCertificate } from '@/features/exam/exams/certificate-draw'

function recording() {
  const calls: { fn: string; args: unknown[]; fill: unknown; stroke: unknown }[] = []
  const state = { fillStyle: '' as unknown, strokeStyle: '' as unknown }
  const ctx = new Proxy(state as Record<string, unknown>, {
    get(target, key: string) {
      if (key in target) return target[key]
      if (key === 'measureText') return (s: string) => ({ width: Array.from(s).length * 20 })
      return (...args: unknown[]) => {
        calls.push({ fn: key, args, fill: target.fillStyle, stroke: target.strokeStyle })
      }
    },
    set(target, key: string, value) {
      target[key] = value
      return true
    },
  })
  return { ctx: ctx as unknown as Ctx2D, calls }
}

const view: CertificateView = {
  school: '博学继续教育学院',
  title: '合格证书',
  body: '李华同志于2025年6月1日参加会计继续教育考试，成绩88分，考试合格，特发此证。',
  serialLine: '证书编号：BXQ7K2MZP9TXA2WC',
  verifyLine: '验证：https://b.xuexi-demo.cn/verify/certificate/BXQ7K2MZP9TXA2WC',
  date: '2025年6月1日',
  voidText: '',
}

describe('certificate seal', () => {
  it('stamps a red ring with the school name around it, a star and 证书专用章', () => {
    const { ctx, calls } = recording()
    drawCertificate(ctx, view)
    const ring = calls.find(
      (c) => c.fn === 'arc' && Math.abs((c.args[4] as number) - (c.args[3] as number) - Math.PI * 2) < 1e-9,
    )
    expect(ring, 'a full circle').toBeDefined()
    expect(String(ring!.stroke)).toMatch(/^rgba\(2\d\d, \d+, \d+/)
    const texts = calls.filter((c) => c.fn === 'fillText').map((c) => c.args[0] as string)
    // every character of the school's name, one by one, in the seal's red
    const red = calls.filter((c) => c.fn === 'fillText' && String(c.fill).startsWith('rgba(206'))
    expect(red.map((c) => c.args[0]).join('')).toBe(`${view.school}证书专用章`)
    expect(texts).toContain('证书专用章')
    // the star: a filled path
    expect(calls.some((c) => c.fn === 'fill' && String(c.fill).startsWith('rgba(206'))).toBe(true)
  })
})
