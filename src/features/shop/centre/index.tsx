import { Input, ScrollView, Text, View } from '@tarojs/components'
import Taro, { useDidHide, useDidShow, useLoad, usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { dropAppShell } from '@/components/app-shell'
import Empty from '@/components/empty'
import FloatingWidget from '@/components/floating-widget'
import { takeTabQuery } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import type { GoodsRow } from '@/features/shop/api'
import GoodsCard from '@/features/shop/components/goods-card'
import BuyElsewhere from '@/features/shop/components/goods-card/buy-elsewhere'
import { goodsTypeKey } from '@/features/shop/components/goods-card/url'
import { t } from '@/i18n'
import { businesses, educationTypes, goodsList, subjects } from '@/services/api/tabs'
import { EVENTS, off, on } from '@/services/events'
import { useApp } from '@/store/app'
import { GOODS_TYPE } from '../../../../contract/schemas/codes'
import { usePaged } from '../../../lib/use-paged'
import './index.scss'

const PAGE_SIZE = 10

type Edu = Awaited<ReturnType<typeof educationTypes>>[number]
type Business = Awaited<ReturnType<typeof businesses>>[number]
type Subject = Awaited<ReturnType<typeof subjects>>[number]

/**
 * Goods-type chips a subject allows. A subject's projectList holds the course project types it offers
 * (1 recorded course, 2 question bank, 3 live, the same numbers as goodsType 1-3); packages (4) bundle
 * several kinds, so they stay, as does 'all' (0).
 */
export function allowedGoodsTypes(subject: Pick<Subject, 'projectList'> | undefined): number[] {
  const kinds = [GOODS_TYPE.course, GOODS_TYPE.bank, GOODS_TYPE.live].filter(
    (n) => !subject || subject.projectList.includes(n),
  )
  return [0, ...kinds, GOODS_TYPE.package]
}

function Chip({ cls, active, label, onTap }: { cls: string; active: boolean; label: string; onTap: () => void }) {
  return (
    <View className={`chip ${cls}${active ? ' chip-active' : ''}`} onClick={onTap}>
      <Text>{label}</Text>
    </View>
  )
}

/** Tab 1, purchase centre: education type -> business -> subject filters, goods type, keyword, paged goods. */
export default function Course() {
  const educationType = useApp((s) => s.educationType)
  const businessLevel = useApp((s) => s.businessLevel)
  const sujectType = useApp((s) => s.sujectType)
  // where this platform must not sell: the catalogue without prices, and what to do instead on top
  const hideBuy = useApp((s) => s.hideBuyState)

  const [edus, setEdus] = useState<Edu[]>([])
  const [bizList, setBizList] = useState<Business[]>([])
  const [subjectList, setSubjectList] = useState<Subject[]>([])
  const [filterError, setFilterError] = useState(false)
  // until the first answer the education row shows its 'all' chip alone: the goods below do not jump when it fills
  const [filtersLoaded, setFiltersLoaded] = useState(false)
  const [goodsType, setGoodsType] = useState(0)
  const [input, setInput] = useState('')
  const [keyword, setKeyword] = useState('')
  const [scrollTop, setScrollTop] = useState(0)

  const subject = subjectList.find((s) => s.subjectId === sujectType)
  const types = allowedGoodsTypes(subject)
  const effectiveType = types.includes(goodsType) ? goodsType : 0

  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) =>
      goodsList(
        {
          ...(educationType ? { educationTypeId: educationType } : {}),
          ...(businessLevel ? { businessId: businessLevel } : {}),
          ...(sujectType ? { subjectId: sujectType } : {}),
          ...(effectiveType ? { goodsType: effectiveType } : {}),
          ...(keyword ? { keyword } : {}),
          pageNum,
          pageSize,
        },
        { noLoading: true, silent: true },
      ),
    [educationType, businessLevel, sujectType, effectiveType, keyword],
  )
  const list = usePaged<GoodsRow>(fetchPage, PAGE_SIZE)
  const { reload } = list

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fetchPage (any filter change) restarts from page 1
  useEffect(() => {
    reload()
  }, [fetchPage, reload])

  const loadFilters = useCallback(async () => {
    const opts = { noLoading: true, silent: true }
    const app = useApp.getState()
    setFilterError(false)
    try {
      const [e, b, s] = await Promise.all([
        educationTypes(opts),
        app.educationType ? businesses(app.educationType, opts) : Promise.resolve([] as Business[]),
        app.businessLevel ? subjects(app.businessLevel, opts) : Promise.resolve([] as Subject[]),
      ])
      setEdus([...e].sort((x, y) => x.sort - y.sort))
      setBizList([...b].sort((x, y) => x.sort - y.sort))
      setSubjectList(s.filter((x) => x.status === 1).sort((x, y) => x.sort - y.sort))
    } catch {
      setFilterError(true)
    } finally {
      setFiltersLoaded(true)
    }
  }, [])

  // A link may open the shop on one goods type (the home grid's 直播: `/pages/course/index?goodsType=3`): the
  // whole catalogue of that type, so the filters chosen before are cleared. A tab takes no query: the link's
  // query waits in takeTabQuery (src/components/link); a typed H5 URL brings it as the page's options.
  const openOnType = (query: Record<string, string | undefined> | null) => {
    const type = Number(query?.goodsType)
    if (!Number.isInteger(type) || type <= 0) return
    const app = useApp.getState()
    app.setEducationType(null)
    app.setBusinessLevel(null)
    app.setSujectType(null)
    setBizList([])
    setSubjectList([])
    setGoodsType(type)
  }

  useLoad((options: Record<string, string | undefined>) => {
    openOnType(options)
    loadFilters()
  })

  useDidShow(() => openOnType(takeTabQuery('/pages/course/index')))

  useEffect(() => {
    const toTop = () => Taro.pageScrollTo({ scrollTop: 0, duration: 300 })
    on(EVENTS.backTop, toTop)
    return () => off(EVENTS.backTop, toTop)
  }, [])

  usePullDownRefresh(() => {
    Promise.all([list.reload(true), edus.length ? Promise.resolve() : loadFilters()]).finally(() =>
      Taro.stopPullDownRefresh(),
    )
  })
  useReachBottom(() => {
    list.loadMore()
  })
  usePageScroll(({ scrollTop: top }) => setScrollTop(top))

  // H5: the server's copy of this page's first screen (server/src/http/h5-page.ts) goes once the list is drawn
  useEffect(() => {
    if (list.status !== 'loading') dropAppShell()
  }, [list.status])
  useDidHide(dropAppShell)

  const pickEdu = (id: number | null) => {
    const app = useApp.getState()
    if (id === app.educationType) return
    app.setEducationType(id)
    app.setBusinessLevel(null)
    app.setSujectType(null)
    setBizList([])
    setSubjectList([])
    if (id)
      businesses(id, { noLoading: true, silent: true })
        .then((rows) => {
          if (useApp.getState().educationType === id) setBizList([...rows].sort((x, y) => x.sort - y.sort))
        })
        .catch(() => setFilterError(true))
  }

  const pickBusiness = (id: number | null) => {
    const app = useApp.getState()
    if (id === app.businessLevel) return
    app.setBusinessLevel(id)
    app.setSujectType(null)
    setSubjectList([])
    if (id)
      subjects(id, { noLoading: true, silent: true })
        .then((rows) => {
          if (useApp.getState().businessLevel === id)
            setSubjectList(rows.filter((x) => x.status === 1).sort((x, y) => x.sort - y.sort))
        })
        .catch(() => setFilterError(true))
  }

  const pickSubject = (id: number | null) => useApp.getState().setSujectType(id)

  const search = () => setKeyword(input.trim())

  return (
    <TabPage index={1}>
      <View className="page shop" style={themeStyle}>
        <NavBar title={t('shop.title')} />

        <View className="shop-filters">
          <View className="shop-search">
            <Input
              className="shop-search-input"
              value={input}
              placeholder={t('shop.search.placeholder')}
              confirmType="search"
              maxlength={50}
              onInput={(e) => setInput(e.detail.value)}
              onConfirm={search}
            />
            <View className="shop-search-btn" onClick={search}>
              <Text>{t('shop.search.submit')}</Text>
            </View>
          </View>

          {filterError && (
            <View className="shop-filter-error" onClick={loadFilters}>
              <Text>{t('shop.filter.loadFailed')}</Text>
            </View>
          )}

          {(edus.length > 0 || !filtersLoaded) && (
            <ScrollView scrollX className="chip-row chip-row-edu" enhanced showScrollbar={false}>
              <Chip
                cls="filter-edu-all"
                active={!educationType}
                label={t('shop.filter.all')}
                onTap={() => pickEdu(null)}
              />
              {edus.map((e) => (
                <Chip
                  key={e.educationTypeId}
                  cls={`filter-edu-${e.educationTypeId}`}
                  active={educationType === e.educationTypeId}
                  label={e.educationName}
                  onTap={() => pickEdu(e.educationTypeId)}
                />
              ))}
            </ScrollView>
          )}

          {!!educationType && bizList.length > 0 && (
            <ScrollView scrollX className="chip-row chip-row-sub" enhanced showScrollbar={false}>
              <Chip
                cls="filter-business-all"
                active={!businessLevel}
                label={t('shop.filter.all')}
                onTap={() => pickBusiness(null)}
              />
              {bizList.map((b) => (
                <Chip
                  key={b.businessId}
                  cls={`filter-business-${b.businessId}`}
                  active={businessLevel === b.businessId}
                  label={b.businessName}
                  onTap={() => pickBusiness(b.businessId)}
                />
              ))}
            </ScrollView>
          )}

          {!!businessLevel && subjectList.length > 0 && (
            <ScrollView scrollX className="chip-row chip-row-sub" enhanced showScrollbar={false}>
              <Chip
                cls="filter-subject-all"
                active={!sujectType}
                label={t('shop.filter.all')}
                onTap={() => pickSubject(null)}
              />
              {subjectList.map((s) => (
                <Chip
                  key={s.subjectId}
                  cls={`filter-subject-${s.subjectId}`}
                  active={sujectType === s.subjectId}
                  label={s.subjectName}
                  onTap={() => pickSubject(s.subjectId)}
                />
              ))}
            </ScrollView>
          )}

          <View className="type-tabs">
            {types.map((n) => (
              <View
                key={n}
                className={`type-tab filter-type-${n}${effectiveType === n ? ' type-tab-active' : ''}`}
                onClick={() => setGoodsType(n)}
              >
                <Text>{n === 0 ? t('shop.type.all') : t(goodsTypeKey(n))}</Text>
              </View>
            ))}
          </View>
        </View>

        <View className="shop-body">
          {hideBuy && <BuyElsewhere />}
          {list.status === 'loading' && <PageLoading rows={4} />}
          {list.status === 'error' && (
            <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => list.reload()} />
          )}
          {list.status === 'ready' &&
            (list.rows.length === 0 ? (
              <Empty text={t('shop.list.empty')} hint={t('shop.list.emptyHint')} />
            ) : (
              <>
                <View className="goods-list card">
                  {list.rows.map((g) => (
                    <GoodsCard key={g.goodsId} goods={g} />
                  ))}
                </View>
                <View
                  className={`list-footer${list.done ? ' goods-list-end' : ''}`}
                  onClick={() => {
                    if (list.more === 'error') list.loadMore()
                  }}
                >
                  <Text>
                    {list.more === 'loading'
                      ? t('common.loading')
                      : list.more === 'error'
                        ? t('shop.list.loadMoreFailed')
                        : list.done
                          ? t('common.noMore')
                          : t('shell.loadMore')}
                  </Text>
                </View>
              </>
            ))}
        </View>
        <FloatingWidget shop scrollTop={scrollTop} />
      </View>
    </TabPage>
  )
}
