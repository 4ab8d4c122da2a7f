import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useReducer } from 'react'
import { t } from '@/i18n'
import { EVENTS, emit } from '@/services/events'
import { useApp } from '@/store/app'
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

/** Service hotline, social-messaging contact, cart shortcut and back-to-top; each part switched by its consult flag. */
export default function FloatingWidget({ scrollTop, shop = false }: FloatingWidgetProps) {
  const consult = useApp((s) => s.consultMobile)
  const loggedIn = useSession((s) => !!s.userAccount)
  const [state, dispatch] = useReducer(widgetReducer, initialWidgetState)

  const consultOn = isOn(consult?.consultationStatus)
  const hotline = consultOn && isOn(consult?.serviceHotlineStatus) && !!consult?.serviceNumber
  const wechat =
    consultOn && isOn(consult?.serviceWechatStatus) && !!(consult?.serviceWechatNumber || consult?.serviceWechatImg)
  const cart = loggedIn && isOn(consult?.shoppingCarStatus)
  const backTop = scrollTop > 0

  if (!hotline && !wechat && !cart && !backTop) return null

  const toTop = () => {
    if (shop) emit(EVENTS.backTop)
    else Taro.pageScrollTo({ scrollTop: 0, duration: 300 })
  }

  return (
    <View className="floating-widget">
      {state.panel === 'hotline' && hotline && (
        <View className="fw-panel fw-panel-hotline">
          <Text className="fw-panel-title">{t('widget.hotline')}</Text>
          <Text
            className="fw-number"
            onClick={() => Taro.makePhoneCall({ phoneNumber: String(consult?.serviceNumber) })}
            onLongPress={() => copy(String(consult?.serviceNumber))}
          >
            {consult?.serviceNumber}
          </Text>
          {!!consult?.servicingTime && (
            <Text className="fw-hint">{t('widget.serviceTime', { time: String(consult.servicingTime) })}</Text>
          )}
        </View>
      )}
      {state.panel === 'wechat' && wechat && (
        <View className="fw-panel fw-panel-wechat">
          <Text className="fw-panel-title">{t('widget.wechat')}</Text>
          {!!consult?.serviceWechatImg && (
            <Image className="fw-qr" src={String(consult.serviceWechatImg)} mode="aspectFit" showMenuByLongpress />
          )}
          {!!consult?.serviceWechatNumber && (
            <Text className="fw-number" onClick={() => copy(String(consult?.serviceWechatNumber))}>
              {t('widget.wechatNumber', { number: String(consult?.serviceWechatNumber) })}
            </Text>
          )}
          <Text className="fw-hint">{t('widget.tapToCopy')}</Text>
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
          <View className="fw-btn fw-cart" onClick={() => Taro.navigateTo({ url: '/pages4/shopping/shoppingCart' })}>
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
  )
}
