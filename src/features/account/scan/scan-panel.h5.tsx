/**
 * The PC's side of scan login (docs/DECISIONS.md "Scan login"), a tab of the H5 login page outside WeChat: a QR code
 * of a short-lived ticket (drawn here as SVG by `qrcode`, loaded only when this tab opens), polled every 2 s; the
 * learner's phone scans and confirms; the session the poll then brings goes through the login page's own
 * post-login flow (`onLogin`: session, single-device lock, back or home).
 */
import { Image, Text, View } from '@tarojs/components'
import { useCallback, useEffect, useRef, useState } from 'react'
import { newScanCode, pollScanCode, type ScanCode } from '@/features/scan/api'
import { isLoggedIn } from '@/store/session'
import type { LoginResult } from '../../../../contract/types'
import { ts } from './messages'
import './scan-panel.scss'

export const POLL_MS = 2000

type Phase = 'loading' | 'failed' | 'waiting' | 'scanned' | 'expired' | 'cancelled' | 'signingIn'

/** Shown on H5 outside WeChat's browser (inside it the WeChat login is the way; a phone cannot scan itself there). */
export function scanLoginAvailable(): boolean {
  return typeof navigator === 'undefined' || !/MicroMessenger/i.test(navigator.userAgent)
}

export const scanTabLabel = () => ts('tab')

/**
 * A desktop (a wide window and a mouse) opens the login page on the QR code: a computer is where scan login is for
 * (issue 25; the page is then a centered card, login.scss).
 */
export function prefersScanLogin(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return false
  return scanLoginAvailable() && window.matchMedia('(min-width: 1024px) and (pointer: fine)').matches
}

async function qrImage(text: string): Promise<string> {
  const QRCode = (await import('qrcode')).default
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

export function ScanPanel({
  onLogin,
  pollMs = POLL_MS,
}: {
  onLogin: (result: LoginResult) => Promise<void>
  /** how often the PC asks (tests shorten it) */
  pollMs?: number
}) {
  const [phase, setPhase] = useState<Phase>('loading')
  const [code, setCode] = useState<ScanCode | null>(null)
  const [img, setImg] = useState('')
  const alive = useRef(true)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)
  const busy = useRef(false)
  // the login page's post-login flow: a new function each render, read when the session arrives
  const login = useRef(onLogin)
  login.current = onLogin

  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current)
    timer.current = null
  }, [])

  const start = useCallback(async () => {
    stop()
    setPhase('loading')
    try {
      const c = await newScanCode()
      const url = `${window.location.origin}${c.qrPath}`
      const src = await qrImage(url)
      if (!alive.current) return
      setCode(c)
      setImg(src)
      setPhase('waiting')
      const tick = async () => {
        if (busy.current || !alive.current) return
        busy.current = true
        try {
          const p = await pollScanCode(c.ticket, c.pollKey ?? '')
          if (!alive.current) return
          if (p.login) {
            stop()
            setPhase('signingIn')
            await login.current(p.login)
            // still here: the learner declined to take over from another device; a new code for another try
            if (alive.current && !isLoggedIn()) await start()
            return
          }
          if (p.status === 'waiting' || p.status === 'scanned') setPhase(p.status)
          else {
            stop()
            setPhase(p.status === 'cancelled' ? 'cancelled' : 'expired')
          }
        } catch (e) {
          // a ticket the server no longer knows is as good as expired; a network blip is retried on the next tick
          if ((e as { code?: number }).code === 404 && alive.current) {
            stop()
            setPhase('expired')
          }
        } finally {
          busy.current = false
        }
      }
      timer.current = setInterval(() => void tick(), pollMs)
    } catch {
      if (alive.current) setPhase('failed')
    }
  }, [stop, pollMs])

  useEffect(() => {
    alive.current = true
    void start()
    return () => {
      alive.current = false
      stop()
    }
  }, [start, stop])

  const url = code ? `${window.location.origin}${code.qrPath}` : ''
  const over = phase === 'expired' || phase === 'cancelled' || phase === 'failed'
  const status =
    phase === 'loading'
      ? ts('panel.loading')
      : phase === 'failed'
        ? ts('panel.failed')
        : phase === 'scanned'
          ? ts('panel.scanned')
          : phase === 'expired'
            ? ts('panel.expired')
            : phase === 'cancelled'
              ? ts('panel.cancelled')
              : phase === 'signingIn'
                ? ts('panel.signingIn')
                : ''

  return (
    <View className={`scan-panel is-${phase}`}>
      <Text className="scan-panel-title">{ts('panel.title')}</Text>
      <View className="scan-panel-main">
        <View className="scan-qr-box" onClick={over ? () => void start() : undefined}>
          {!!img && phase !== 'loading' && phase !== 'failed' && (
            <Image className="scan-qr" src={img} mode="aspectFit" />
          )}
          {!!status && <View className={`scan-qr-state scan-state-${phase}`}>{status}</View>}
        </View>
        <View className="scan-steps">
          <Text className="scan-steps-title">{ts('panel.steps')}</Text>
          {(['panel.step1', 'panel.step2', 'panel.step3'] as const).map((k, i) => (
            <View key={k} className="scan-step">
              <Text className="scan-step-no">{i + 1}</Text>
              <Text className="scan-step-text">{ts(k)}</Text>
            </View>
          ))}
        </View>
      </View>
      <Text className="scan-panel-hint">{ts('panel.hint')}</Text>
      {!!url && (phase === 'waiting' || phase === 'scanned') && (
        <View className="scan-panel-link">
          <Text>{ts('panel.link')}</Text>
          <Text className="scan-url" userSelect>
            {url}
          </Text>
        </View>
      )}
    </View>
  )
}
