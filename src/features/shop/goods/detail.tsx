import { Image, Text, View } from '@tarojs/components'
import Taro, { useLoad, useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useState } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { learnUrl } from '@/features/learn/links'
import { courseMenu, type GoodsDetail, goodsDetail } from '@/features/shop/api'
import { keepInviteCode } from '@/features/shop/components/goods-card/actions'
import BuyBar from '@/features/shop/components/goods-card/buy-bar'
import { goodsTypeKey, isFreePrice } from '@/features/shop/components/goods-card/url'
import { t } from '@/i18n/sub'
import { ApiError } from '@/services/http/error'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { GOODS_TYPE } from '../../../../contract/schemas/codes'
import { formatPrice } from '../../../../shared/rules/money'
import BankMenu from './bank-menu'
import LiveSchedule from './live-schedule'
import { ShareButton, type ShareInfo, useGoodsShare } from './share'
import './course.scss'

type MenuChapter = Awaited<ReturnType<typeof courseMenu>>[number]
type Tab = 'intro' | 'menu' | 'teachers'
const TABS: Tab[] = ['intro', 'menu', 'teachers']
const TAB_KEYS = { intro: 'shop.tab.intro', menu: 'shop.tab.menu', teachers: 'shop.tab.teachers' } as const

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${String(m).padStart(2, '0')}:${sec}`
}

/** Chapters grouped under their course, in the goods' course order (unknown courses last). */
export function groupMenu(courses: GoodsDetail['courses'], chapters: MenuChapter[]) {
  const byCourse = new Map<number, MenuChapter[]>()
  for (const ch of [...chapters].sort((a, b) => a.sort - b.sort)) {
    byCourse.set(ch.courseId, [...(byCourse.get(ch.courseId) ?? []), ch])
  }
  const groups = courses
    .filter((c) => byCourse.has(c.courseId))
    .map((c) => ({ courseId: c.courseId, courseName: c.courseName, chapters: byCourse.get(c.courseId) ?? [] }))
  const known = new Set(courses.map((c) => c.courseId))
  for (const [courseId, list] of byCourse)
    if (!known.has(courseId)) groups.push({ courseId, courseName: '', chapters: list })
  return groups
}

/**
 * Goods detail (course, question bank, live): price, validity, introduction, contents with the sections
 * free to try, teachers, and the buy bar. Packages open jydetail instead.
 */
export default function Detail() {
  const { params } = useRouter()
  const id = Number(params.id) || 0
  const hideBuy = useApp((s) => s.hideBuyState)
  const inviteCode = useSession((s) => s.userInfo?.inviteCode ?? '')
  const [goods, setGoods] = useState<GoodsDetail | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading')
  const [tab, setTab] = useState<Tab>('intro')
  const [menu, setMenu] = useState<MenuChapter[] | null>(null)
  const [menuStatus, setMenuStatus] = useState<'idle' | 'loading' | 'error'>('idle')

  const load = useCallback(async () => {
    if (!id) {
      setStatus('missing')
      return
    }
    setStatus('loading')
    try {
      const g = await goodsDetail(id, { noLoading: true, silent: true })
      if (g.goodsType === GOODS_TYPE.package) {
        Taro.redirectTo({ url: `/pages3/course/jydetail?id=${id}` })
        return
      }
      setGoods(g)
      setStatus('ready')
    } catch (e) {
      setStatus(e instanceof ApiError && e.code === 404 ? 'missing' : 'error')
    }
  }, [id])

  const loadMenu = useCallback(async () => {
    setMenuStatus('loading')
    try {
      setMenu(await courseMenu({ goodsId: id }, { noLoading: true, silent: true }))
      setMenuStatus('idle')
    } catch {
      setMenuStatus('error')
    }
  }, [id])

  useLoad(() => {
    keepInviteCode(params.inviteCode)
    load()
  })

  useEffect(() => {
    // a question bank's contents are its chapters (BankMenu), not courses
    const courses = goods?.goodsType !== GOODS_TYPE.bank
    if (courses && tab === 'menu' && menu === null && menuStatus === 'idle' && status === 'ready') loadMenu()
  }, [tab, menu, menuStatus, status, loadMenu, goods])

  const shareInfo: ShareInfo | null = goods
    ? { title: goods.goodsName, page: '/pages3/course/detail', query: { id, inviteCode } }
    : null
  useGoodsShare(shareInfo)

  const auditionIds = useMemo(() => new Set(goods?.goodsAuditionConfigIdList ?? []), [goods])
  const groups = useMemo(() => (goods && menu ? groupMenu(goods.courses, menu) : []), [goods, menu])

  /** 试听: an audition section opens in the player (which asks a visitor to log in first and then plays). */
  const onSection = (audition: boolean, sectionId: number) => {
    if (audition) Taro.navigateTo({ url: learnUrl.play(id, sectionId) }).catch(() => undefined)
    else Taro.showToast({ title: t('shop.menu.locked'), icon: 'none' })
  }

  const free = goods ? isFreePrice(goods.price, goods.isFree) : false

  return (
    <View className="page goods-detail" style={themeStyle}>
      <NavBar title={goods?.goodsName ?? ''} />
      {status === 'loading' && <PageLoading banner rows={3} />}
      {status === 'error' && <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />}
      {status === 'missing' && <Empty text={t('shop.notFound')} />}
      {status === 'ready' && goods && (
        <>
          {goods.cover ? (
            <Image className="detail-cover" src={imageUrl(goods.cover)} mode="aspectFill" />
          ) : (
            <View className="detail-cover detail-cover-blank" />
          )}
          <View className="detail-head">
            <View className="detail-title-row">
              <Text className="detail-type">{t(goodsTypeKey(goods.goodsType))}</Text>
              <Text className="detail-name">{goods.goodsName}</Text>
              <ShareButton info={shareInfo} />
            </View>
            {!hideBuy && (
              <View className="detail-price">
                <Text className={`detail-price-now${free ? ' detail-price-free' : ''}`}>
                  {free ? t('shop.free') : formatPrice(goods.price)}
                </Text>
                {!free && goods.originalPrice > goods.price && (
                  <Text className="goods-original">{formatPrice(goods.originalPrice)}</Text>
                )}
              </View>
            )}
            <View className="detail-meta">
              <Text>
                {goods.validityDays > 0
                  ? t('shop.validity.days', { days: goods.validityDays })
                  : t('shop.validity.forever')}
              </Text>
              <Text>{t('shop.sales', { count: goods.buyCount })}</Text>
            </View>
            <View className="detail-meta">
              {goods.courseNum > 0 && <Text>{t('shop.courseNum', { count: goods.courseNum })}</Text>}
              {goods.handoutCount > 0 && (
                <Text className="detail-handouts">{t('shop.handouts', { count: goods.handoutCount })}</Text>
              )}
            </View>
            {goods.tags.length > 0 && (
              <View className="goods-tags">
                {goods.tags.map((tag) => (
                  <Text key={tag} className="goods-tag">
                    {tag}
                  </Text>
                ))}
              </View>
            )}
            {!goods.onSale && <Text className="detail-off-sale-tip">{t('shop.offSale')}</Text>}
          </View>

          <View className="detail-tabs">
            {TABS.map((k) => (
              <View
                key={k}
                className={`detail-tab detail-tab-${k}${tab === k ? ' detail-tab-active' : ''}`}
                onClick={() => setTab(k)}
              >
                <Text>{t(TAB_KEYS[k])}</Text>
              </View>
            ))}
          </View>

          <View className="detail-panel">
            {tab === 'intro' &&
              (goods.description ? (
                <RichHtml className="detail-intro" html={goods.description} />
              ) : (
                <Empty text={t('shop.intro.empty')} />
              ))}

            {tab === 'menu' && goods.goodsType === GOODS_TYPE.bank && <BankMenu goodsId={goods.goodsId} />}
            {tab === 'menu' && goods.goodsType !== GOODS_TYPE.bank && (
              <View className="detail-menu">
                {!!goods.liveSessions && <LiveSchedule sessions={goods.liveSessions} />}
                {(menuStatus === 'loading' || (menu === null && menuStatus === 'idle')) && <PageLoading rows={2} />}
                {menuStatus === 'error' && (
                  <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={loadMenu} />
                )}
                {menu !== null && menuStatus === 'idle' && groups.length === 0 && <Empty text={t('shop.menu.empty')} />}
                {menuStatus === 'idle' &&
                  groups.map((g) => {
                    const course = goods.courses.find((c) => c.courseId === g.courseId)
                    return (
                      <View key={g.courseId} className="menu-course">
                        {!!g.courseName && (
                          <View className="menu-course-head">
                            <Text className="menu-course-name">{g.courseName}</Text>
                            {course && (
                              <Text className="menu-course-meta">
                                {t('shop.menu.courseMeta', {
                                  chapters: course.chapterNum,
                                  sections: course.sectionNum,
                                })}
                              </Text>
                            )}
                          </View>
                        )}
                        {g.chapters.map((ch) => (
                          <View key={ch.chapterId} className="menu-chapter">
                            <Text className="menu-chapter-name">{ch.chapterName}</Text>
                            {[...ch.sectionList]
                              .sort((a, b) => a.sort - b.sort)
                              .map((s) => {
                                const audition = s.audition || auditionIds.has(s.sectionId)
                                return (
                                  <View
                                    key={s.sectionId}
                                    className={`menu-section menu-section-${s.sectionId}${audition ? ' section-audition' : ''}`}
                                    onClick={() => onSection(audition, s.sectionId)}
                                  >
                                    <View className="menu-section-dot" />
                                    <Text className="menu-section-name">{s.sectionName}</Text>
                                    {audition && <Text className="audition-tag">{t('shop.menu.audition')}</Text>}
                                    <Text className="menu-section-time">{formatDuration(s.durationSeconds)}</Text>
                                  </View>
                                )
                              })}
                          </View>
                        ))}
                      </View>
                    )
                  })}
              </View>
            )}

            {tab === 'teachers' &&
              (goods.teachers.length === 0 ? (
                <Empty text={t('shop.teachers.empty')} />
              ) : (
                <View className="detail-teachers">
                  {goods.teachers.map((tc) => (
                    <View key={tc.teacherId} className="teacher">
                      {tc.avatar ? (
                        <Image className="teacher-avatar" src={imageUrl(tc.avatar)} mode="aspectFill" />
                      ) : (
                        <View className="teacher-avatar teacher-avatar-blank">
                          <Text>{tc.teacherName.slice(0, 1)}</Text>
                        </View>
                      )}
                      <View className="teacher-main">
                        <Text className="teacher-name">{tc.teacherName}</Text>
                        {!!tc.title && <Text className="teacher-title">{tc.title}</Text>}
                        {!!tc.intro && <Text className="teacher-intro">{tc.intro}</Text>}
                      </View>
                    </View>
                  ))}
                </View>
              ))}
          </View>
          <BuyBar goodsId={goods.goodsId} goodsType={goods.goodsType} onSale={goods.onSale} />
        </>
      )}
    </View>
  )
}
