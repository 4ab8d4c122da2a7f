/**
 * Tab 5, My account, grouped as learners know it from commercial apps: a header card (avatar, name, masked
 * phone; a login prompt when logged out), the order shortcuts (by state, invoices, cart), the study shortcuts
 * (courses, classes, banks, exams, appointments, mock exams, certificates, hours, materials), then settings
 * (the one profile hub, identity, password, language, about) and logout. Logged out, a shortcut opens login.
 */
import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import Bell from 'lucide/dist/esm/icons/bell.mjs'
import Coins from 'lucide/dist/esm/icons/coins.mjs'
import FileUser from 'lucide/dist/esm/icons/file-user.mjs'
import MessageCircleQuestion from 'lucide/dist/esm/icons/message-circle-question-mark.mjs'
import NotebookPen from 'lucide/dist/esm/icons/notebook-pen.mjs'
import Trophy from 'lucide/dist/esm/icons/trophy.mjs'
import { type ReactNode, useState } from 'react'
import Icon from '@/components/icon'
import type { Tone } from '@/components/icon/entries'
import {
  Award,
  BadgeCheck,
  BookOpenCheck,
  CalendarCheck,
  CalendarClock,
  ChevronRight,
  ClipboardCheck,
  Clock,
  FolderOpen,
  type Glyph,
  Info,
  Languages,
  LockKeyhole,
  MonitorPlay,
  ReceiptText,
  School,
  ShieldCheck,
  ShoppingCart,
  Timer,
  Undo2,
  UserRound,
  Wallet,
} from '@/components/icon/glyphs'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { getLocale, type Locale, type MessageKey, setLocale, t } from '@/i18n'
import { schoolInfo } from '@/services/api/tabs'
import { getInfo } from '@/services/api/user'
import { logout } from '@/services/session'
import { storage } from '@/services/storage'
import { useBrand } from '@/services/tenant/brand'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { displayName, initial, maskPhone } from '../format'
import { wx } from './messages'
import { ScanEntry } from './scan-entry'
import './index.scss'

export const LOGIN_URL = '/pages4/login/login?isBack=1'

interface Entry {
  key: string
  label: () => string
  glyph: Glyph
  url: string
  tone?: Tone
}

const ORDER_URL = '/pages2/order/index'

/** Order shortcuts: the order list opened on a tab, invoices, the cart. */
const ORDER_ENTRIES: readonly Entry[] = [
  { key: 'pending', label: () => t('order.tab.pending'), glyph: Wallet, url: `${ORDER_URL}?tab=pending` },
  { key: 'paid', label: () => t('order.tab.paid'), glyph: BadgeCheck, url: `${ORDER_URL}?tab=paid` },
  { key: 'refund', label: () => t('order.tab.refund'), glyph: Undo2, url: `${ORDER_URL}?tab=refund` },
  { key: 'invoice', label: () => wx('orders.invoice'), glyph: ReceiptText, url: '/pages2/invoice/index' },
  { key: 'cart', label: () => t('wd.menu.cart'), glyph: ShoppingCart, url: '/pages4/shopping/shoppingCart' },
]

/** Study shortcuts, four to a row. */
const STUDY_ENTRIES: readonly Entry[] = [
  { key: 'courses', label: () => t('wd.menu.courses'), glyph: MonitorPlay, tone: 'orange', url: '/pages2/wd/course' },
  // study plans (issue 16): the seven days and my plans; today's unfinished items on the entry
  { key: 'plan', label: () => wx('study.plan'), glyph: CalendarCheck, tone: 'green', url: '/pages2/plan/index' },
  { key: 'class', label: () => t('verify.menu.class'), glyph: School, tone: 'cyan', url: '/pages2/wd/class' },
  { key: 'bank', label: () => t('wd.menu.bank'), glyph: BookOpenCheck, tone: 'blue', url: '/pages2/wd/question_bank' },
  { key: 'exam', label: () => t('wd.menu.exam'), glyph: ClipboardCheck, tone: 'pink', url: '/pages2/exam/index' },
  {
    key: 'appoint',
    label: () => t('wd.menu.appoint'),
    glyph: CalendarClock,
    tone: 'indigo',
    url: '/pages5/examAppointList',
  },
  {
    key: 'mock',
    label: () => t('wd.menu.mock'),
    glyph: Timer,
    tone: 'purple',
    url: '/pages5/mockRecord/mock_record',
  },
  {
    key: 'certs',
    label: () => wx('study.certs'),
    glyph: Award,
    tone: 'amber',
    url: '/pages2/exam/index?focus=certs',
  },
  { key: 'hours', label: () => t('verify.menu.hours'), glyph: Clock, tone: 'green', url: '/pages2/learn/my_learn' },
  { key: 'stuff', label: () => t('verify.menu.stuff'), glyph: FolderOpen, tone: 'red', url: '/pages2/wd/stuff' },
  // live classes' points: red packets grabbed, rewards given (issue 14)
  { key: 'points', label: () => wx('study.points'), glyph: Coins, url: '/pages3/live/points' },
  // issue 16: the study ranking and the enrolment profiles
  { key: 'ranking', label: () => wx('study.ranking'), glyph: Trophy, tone: 'amber', url: '/pages3/ranking/index' },
  { key: 'enrol', label: () => wx('study.enrol'), glyph: FileUser, tone: 'blue', url: '/pages2/profile/index' },
  // issue 16: notes (a calendar of them) and questions to the teachers
  { key: 'notes', label: () => wx('study.notes'), glyph: NotebookPen, tone: 'green', url: '/pages3/note/index' },
  {
    key: 'answers',
    label: () => wx('study.answers'),
    glyph: MessageCircleQuestion,
    tone: 'cyan',
    url: '/pages3/answer/index',
  },
]

/** REVIEW_STATUS 0-3 of the identity certification, as the entry's value. */
const certStatusText = (status: number) =>
  status >= 0 && status <= 3 ? t(`verify.status.${status}` as MessageKey) : ''

const LOCALES: ReadonlyArray<{ locale: Locale; label: MessageKey }> = [
  { locale: 'zh-CN', label: 'wd.language.zh' },
  { locale: 'en', label: 'wd.language.en' },
]

function Cell({
  cls,
  glyph,
  label,
  hint,
  value,
  onClick,
  children,
}: {
  cls: string
  glyph: Glyph
  label: string
  hint?: string
  value?: string
  onClick?: () => void
  children?: ReactNode
}) {
  return (
    <View className={`wd-cell ${cls}`} onClick={onClick}>
      <Icon glyph={glyph} className="wd-cell-icon" />
      <View className="wd-cell-label">
        <Text>{label}</Text>
        {!!hint && <Text className="wd-cell-hint">{hint}</Text>}
      </View>
      {!!value && <Text className="wd-cell-value wd-cert-status">{value}</Text>}
      {children ?? <Icon glyph={ChevronRight} className="wd-cell-arrow" />}
    </View>
  )
}

export default function Wd() {
  const userAccount = useSession((s) => s.userAccount)
  const userInfo = useSession((s) => s.userInfo)
  // the 我的 badge counts what can be opened here: orders waiting for payment, unread messages, letters to sign
  // (shared/rules/unread.ts), each shown on the entry that opens it
  const pendingOrders = useApp((s) => s.pendingOrders)
  // unread messages and exam letters to sign: their parts of the badge, on the entries that open them
  const unreadMessages = useApp((s) => s.unreadMessages)
  const lettersToSign = useApp((s) => s.lettersToSign)
  const plansToDo = useApp((s) => s.plansToDo)
  // no cart where this platform must not sell (shared/rules/buy.ts); past orders stay
  const hideBuy = useApp((s) => s.hideBuyState)
  // the school of the host's tenant (src/services/tenant/brand.ts), not the build's
  const school = useBrand((s) => s.brand.name)
  const [locale, setLocaleState] = useState(getLocale())

  useDidShow(() => {
    if (!useSession.getState().userAccount) return
    // the badges are refreshed by TabPage on every tab show
    getInfo({ noLoading: true, silent: true })
      .then((u) => useSession.getState().setUserInfo(u))
      .catch(() => undefined)
  })

  const loggedIn = !!userAccount
  /** a shortcut opens its page, or login first when logged out (it comes back here after) */
  const go = (url: string) => Taro.navigateTo({ url: loggedIn ? url : LOGIN_URL })

  const onLocale = async (next: Locale) => {
    if (next === locale) return
    await setLocale(next)
    storage.set('locale', next)
    setLocaleState(next)
    // every mounted page (tab bar included) renders its texts again
    Taro.reLaunch({ url: '/pages/wd/index' })
  }

  const onLogout = async () => {
    const r = await Taro.showModal({
      title: t('common.tip'),
      content: t('wd.logout.confirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (r.confirm) await logout()
  }

  /**
   * 关于我们: the school's own introduction, address and email (its profile, `/school/info/getInfo`, which needs a
   * session) and the service hotline; a visitor gets the name and the hotline (public config) and is told to log in
   */
  const onAbout = async () => {
    const consult = useApp.getState().consultMobile
    let info: Awaited<ReturnType<typeof schoolInfo>> | null = null
    if (loggedIn) info = await schoolInfo({ silent: true }).catch(() => null)
    const hotline = info?.hotline || consult?.serviceNumber || ''
    const hours = info?.hours || consult?.servicingTime || ''
    const lines = [
      info?.intro || (loggedIn ? '' : wx('about.loginForIntro')),
      info?.address ? wx('about.address', { address: info.address }) : '',
      info?.email ? wx('about.email', { email: info.email }) : '',
      hotline ? wx('about.hotline', { hotline: hours ? `${hotline}（${hours}）` : hotline }) : '',
    ].filter(Boolean)
    await Taro.showModal({
      title: info?.name || school || wx('about.title'),
      content: lines.length > 0 ? lines.join('\n') : wx('about.content', { school }),
      showCancel: false,
      confirmText: t('common.confirm'),
    })
  }

  const name = loggedIn ? displayName(userInfo) || userAccount : t('wd.guest')

  return (
    <TabPage index={4}>
      <View className="wd-page" style={themeStyle}>
        <NavBar title={t('wd.title')} back={false} home={false} />
        <View
          className="wd-header"
          onClick={() => {
            if (loggedIn) go('/pages2/wd/menu')
          }}
        >
          <View className="wd-avatar">
            {loggedIn && userInfo?.avatar ? (
              <Image className="wd-avatar-img" src={userInfo.avatar} mode="aspectFill" />
            ) : loggedIn ? (
              <Text>{initial(name)}</Text>
            ) : (
              <Icon glyph={UserRound} className="wd-avatar-icon" />
            )}
          </View>
          <View className="wd-user">
            {loggedIn ? (
              <>
                <Text className="wd-user-name">{name}</Text>
                <Text className="wd-phone">{maskPhone(userInfo?.telPhone) || t('wd.noPhone')}</Text>
              </>
            ) : (
              <>
                <Text className="wd-tip">{t('wd.loginTip')}</Text>
                <View className="wd-login-btn" onClick={() => go(LOGIN_URL)}>
                  {t('wd.loginBtn')}
                </View>
              </>
            )}
          </View>
          <View
            className="wd-msg wd-menu-msg"
            aria-label={wx('messages.title')}
            onClick={(e) => {
              e.stopPropagation()
              go('/pages2/msg/index')
            }}
          >
            <Icon glyph={Bell} className="wd-msg-icon" />
            {loggedIn && unreadMessages > 0 && (
              <Text className="wd-shortcut-badge wd-msg-badge">{unreadMessages > 99 ? '99+' : unreadMessages}</Text>
            )}
          </View>
          {loggedIn && <ScanEntry />}
        </View>

        <View className="wd-card wd-orders">
          <View className="wd-card-head">
            <Text className="wd-card-name">{t('wd.menu.orders')}</Text>
            <View className="wd-card-more wd-menu-orders" onClick={() => go(ORDER_URL)}>
              <Text>{wx('orders.all')}</Text>
              <Icon glyph={ChevronRight} className="wd-card-more-icon" />
            </View>
          </View>
          <View className="wd-shortcuts">
            {ORDER_ENTRIES.filter((e) => !(hideBuy && e.key === 'cart')).map((e) => (
              <View key={e.key} className={`wd-shortcut wd-order-${e.key} wd-menu-${e.key}`} onClick={() => go(e.url)}>
                <Icon glyph={e.glyph} className="wd-shortcut-icon" />
                {e.key === 'pending' && loggedIn && pendingOrders > 0 && (
                  <Text className="wd-shortcut-badge">{pendingOrders > 99 ? '99+' : pendingOrders}</Text>
                )}
                <Text className="wd-shortcut-label">{e.label()}</Text>
              </View>
            ))}
          </View>
        </View>

        <View className="wd-card wd-study">
          <View className="wd-card-head">
            <Text className="wd-card-name">{wx('study.title')}</Text>
          </View>
          <View className="wd-grid">
            {STUDY_ENTRIES.map((e) => (
              <View key={e.key} className={`wd-grid-item wd-menu-${e.key}`} onClick={() => go(e.url)}>
                <View className={`icon-tile tone-${e.tone ?? 'primary'} wd-grid-icon`}>
                  <Icon glyph={e.glyph} />
                </View>
                {e.key === 'plan' && loggedIn && plansToDo > 0 && (
                  <Text className="wd-shortcut-badge wd-plan-badge">{plansToDo > 99 ? '99+' : plansToDo}</Text>
                )}
                {e.key === 'appoint' && loggedIn && lettersToSign > 0 && (
                  <Text className="wd-shortcut-badge wd-letters-badge">
                    {lettersToSign > 99 ? '99+' : lettersToSign}
                  </Text>
                )}
                <Text className="wd-grid-label">{e.label()}</Text>
              </View>
            ))}
          </View>
        </View>

        <View className="wd-card wd-settings">
          <View className="wd-card-head">
            <Text className="wd-card-name">{t('wd.section.settings')}</Text>
          </View>
          {loggedIn && (
            <>
              <Cell
                cls="wd-menu-basic"
                glyph={UserRound}
                label={wx('profile.title')}
                hint={wx('profile.hint')}
                onClick={() => go('/pages2/wd/menu')}
              />
              <Cell
                cls="wd-menu-verify"
                glyph={ShieldCheck}
                label={t('verify.menu.cert')}
                value={userInfo ? certStatusText(userInfo.certStatus) : ''}
                onClick={() => go('/pages2/verify/input')}
              />
              <Cell
                cls="wd-menu-pwd"
                glyph={LockKeyhole}
                label={t('wd.menu.pwd')}
                onClick={() => go('/pages2/wd/pwd')}
              />
            </>
          )}
          <Cell cls="wd-menu-lang" glyph={Languages} label={t('wd.language')}>
            <View className="wd-lang">
              {LOCALES.map((l) => (
                <Text
                  key={l.locale}
                  className={`wd-lang-opt wd-lang-${l.locale}${locale === l.locale ? ' is-active' : ''}`}
                  onClick={() => onLocale(l.locale)}
                >
                  {t(l.label)}
                </Text>
              ))}
            </View>
          </Cell>
          <Cell cls="wd-menu-about" glyph={Info} label={wx('about.title')} onClick={onAbout} />
        </View>

        {loggedIn && (
          <View className="wd-logout" onClick={onLogout}>
            {t('wd.logout')}
          </View>
        )}
      </View>
    </TabPage>
  )
}
