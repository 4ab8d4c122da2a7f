import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useReducer, useRef, useState } from 'react'
import { imageUrl } from '@/components/link'
import { t } from '@/i18n'
import { EVENTS, emit } from '@/services/events'
import { type ConsultConfig, useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { initialWidgetState, isOn, widgetReducer } from './state'
import './index.scss'

export interface FloatingWidgetProps {
  /** current page scroll (usePageScroll); back-to-top shows once the page is scrolled */
  scrollTop: number
  /** on the shop tab back-to-top emits EVENTS.backTop instead of scrolling the page */
  shop?: boolean
}

async function copy(data: string) {
  await Taro.setClipboardData({ data })
  Taro.showToast({ title: t('shell.copied'), icon: 'none' })
}

/** Which service parts the consult config switches on (spec §1 / §3 flags). */
export function serviceParts(consult: ConsultConfig | null) {
  const consultOn = isOn(consult?.consultationStatus)
  return {
    hotline: consultOn && isOn(consult?.serviceHotlineStatus) && !!consult?.serviceNumber,
    wechat:
      consultOn && isOn(consult?.serviceWechatStatus) && !!(consult?.serviceWechatNumber || consult?.serviceWechatImg),
  }
}

/** The hotline: number (tap to call, long press to copy) and service time. */
export function HotlineInfo({ consult }: { consult: ConsultConfig }) {
  return (
    <>
      <Text
        className="fw-number"
        onClick={() => Taro.makePhoneCall({ phoneNumber: String(consult.serviceNumber) })}
        onLongPress={() => copy(String(consult.serviceNumber))}
      >
        {consult.serviceNumber}
      </Text>
      {!!consult.servicingTime && (
        <Text className="fw-hint">{t('widget.serviceTime', { time: String(consult.servicingTime) })}</Text>
      )}
    </>
  )
}

/** The social-messaging contact: its QR image and number (tap to copy). */
export function WechatInfo({ consult }: { consult: ConsultConfig }) {
  return (
    <>
      {!!consult.serviceWechatImg && (
        <Image
          className="fw-qr"
          src={imageUrl(String(consult.serviceWechatImg))}
          mode="aspectFit"
          showMenuByLongpress
          nativeProps={{ alt: t('widget.wechat') }}
        />
      )}
      {!!consult.serviceWechatNumber && (
        <Text className="fw-number" onClick={() => copy(String(consult.serviceWechatNumber))}>
          {t('widget.wechatNumber', { number: String(consult.serviceWechatNumber) })}
        </Text>
      )}
      <Text className="fw-hint">{t('widget.tapToCopy')}</Text>
    </>
  )
}

/**
 * Service hotline, social-messaging contact, cart shortcut and back-to-top; each part switched by its consult flag.
 * It must not hide the page: it rests docked as a small tab at the screen edge (its buttons, out, covered the text
 * of the list under them: issue 25); a tap on the tab brings the buttons out, and the page scrolling docks it again
 * (an open panel closes). It also leaves room below the page's last item (`fw-room`), so the end of a list can always
 * be scrolled clear of the buttons.
 */
export default function FloatingWidget({ scrollTop, shop = false }: FloatingWidgetProps) {
  const consult = useApp((s) => s.consultMobile)
  const loggedIn = useSession((s) => !!s.userAccount)
  // no cart where this platform must not sell (shared/rules/buy.ts)
  const hideBuy = useApp((s) => s.hideBuyState)
  const [state, dispatch] = useReducer(widgetReducer, initialWidgetState)
  // docked until the learner asks for it: out, its buttons covered the list under them (issue 25)
  const [docked, setDocked] = useState(true)
  const lastTop = useRef(scrollTop)

  useEffect(() => {
    if (scrollTop === lastTop.current) return
    lastTop.current = scrollTop
    if (scrollTop > 0) setDocked(true)
    dispatch({ type: 'collapse' })
  }, [scrollTop])

  const { hotline, wechat } = serviceParts(consult)
  const cart = loggedIn && !hideBuy && isOn(consult?.shoppingCarStatus)
  const backTop = scrollTop > 0

  if (!hotline && !wechat && !cart && !backTop) return null

  const toTop = () => {
    if (shop) emit(EVENTS.backTop)
    else Taro.pageScrollTo({ scrollTop: 0, duration: 300 })
  }
  const buttons = Number(hotline || wechat) + Number(cart) + Number(backTop)

  return (
    <>
      <View className={`fw-room fw-room-${buttons}`} />
      {docked ? (
        <View className="floating-widget fw-docked" onClick={() => setDocked(false)} aria-label={t('widget.consult')}>
          <View className="fw-tab">
            <View className="fw-tab-arrow" />
          </View>
        </View>
      ) : (
        <View className="floating-widget">
          {state.panel === 'hotline' && hotline && consult && (
            <View className="fw-panel fw-panel-hotline">
              <Text className="fw-panel-title">{t('widget.hotline')}</Text>
              <HotlineInfo consult={consult} />
            </View>
          )}
          {state.panel === 'wechat' && wechat && consult && (
            <View className="fw-panel fw-panel-wechat">
              <Text className="fw-panel-title">{t('widget.wechat')}</Text>
              <WechatInfo consult={consult} />
            </View>
          )}
          <View className="fw-buttons">
            {(hotline || wechat) && (
              <View
                className={`fw-btn fw-toggle${state.expanded ? ' fw-active' : ''}`}
                onClick={() => dispatch({ type: 'toggleExpanded' })}
              >
                <Text>{state.expanded ? t('widget.close') : t('widget.consult')}</Text>
              </View>
            )}
            {state.expanded && hotline && (
              <View
                className={`fw-btn fw-hotline${state.panel === 'hotline' ? ' fw-active' : ''}`}
                onClick={() => dispatch({ type: 'togglePanel', panel: 'hotline' })}
              >
                <Text>{t('widget.hotline')}</Text>
              </View>
            )}
            {state.expanded && wechat && (
              <View
                className={`fw-btn fw-wechat${state.panel === 'wechat' ? ' fw-active' : ''}`}
                onClick={() => dispatch({ type: 'togglePanel', panel: 'wechat' })}
              >
                <Text>{t('widget.wechat')}</Text>
              </View>
            )}
            {cart && (
              <View
                className="fw-btn fw-cart"
                onClick={() => Taro.navigateTo({ url: '/pages4/shopping/shoppingCart' })}
              >
                <Text>{t('widget.cart')}</Text>
              </View>
            )}
            {backTop && (
              <View className="fw-btn fw-backtop" onClick={toTop}>
                <Text>{t('widget.backTop')}</Text>
              </View>
            )}
          </View>
        </View>
      )}
    </>
  )
}
