/**
 * Materials of one goods (spec: pages/information/index?goodsId, opened by Taro.reLaunch, so there is no
 * history: the bar shows home and the page has a home button). Anyone sees the goods and how many files it
 * has; a logged-in learner sees the list: every file once they own the goods, else the free ones open
 * (public detail) and the rest wait for a purchase. Also the shared handout row, tip and opener of the
 * materials pages (pages2/wd/stuff imports them: the main package cannot import a subpackage).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { LOGIN_URL, numParam, QUIET, useLoader } from '@/features/bank/lib'
import { Section, StatusBox } from '@/features/bank/ui'
import type { Handout } from '@/features/learn/api'
import { t } from '@/i18n'
import { checkBuy, freeHandoutFile, goodsDetail, goodsHandouts, handoutFile, LEARN_CODE } from '@/services/api/tabs'
import { ApiError } from '@/services/http/request'
import { isLoggedIn } from '@/store/session'

import { HandoutRow, useHandoutTip, useOpenHandout } from './handouts'

// ---- the page ----

interface Materials {
  goodsName: string
  handoutCount: number
  loggedIn: boolean
  bought: boolean
  /** null: not listed for this learner (logged out, or the server refused the list) */
  handouts: Handout[] | null
}

async function loadMaterials(goodsId: number): Promise<Materials> {
  const loggedIn = isLoggedIn()
  const [detail, buy, handouts] = await Promise.all([
    goodsDetail(goodsId, QUIET),
    loggedIn ? checkBuy(goodsId, QUIET) : null,
    loggedIn
      ? goodsHandouts(goodsId, QUIET).catch((e: unknown) => {
          if (e instanceof ApiError && e.code === LEARN_CODE.notEntitled) return null
          throw e
        })
      : null,
  ])
  return {
    goodsName: detail.goodsName,
    handoutCount: detail.handoutCount,
    loggedIn,
    bought: buy?.bought === true,
    handouts,
  }
}

const goHome = () => Taro.switchTab({ url: '/pages/index/index' })

function Materials({ goodsId }: { goodsId: number }) {
  const page = useLoader(() => loadMaterials(goodsId))
  const tip = useHandoutTip()
  const { opening, open } = useOpenHandout()
  useDidShow(() => {
    page.reload(page.status === 'ready')
  })
  usePullDownRefresh(() => {
    page.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const m = page.data
  const openable = (h: Handout) => !!m && (m.bought || h.free)
  const canOpenAny = !!m?.handouts?.some(openable)
  useEffect(() => {
    if (canOpenAny) tip(goodsId)
  }, [canOpenAny, goodsId, tip])

  const onOpen = (h: Handout) =>
    open(h, () =>
      m?.bought ? handoutFile(h.handoutId, { noLoading: true }) : freeHandoutFile(h.handoutId, { noLoading: true }),
    )

  return (
    <StatusBox status={page.status} empty={false} emptyText="" onRetry={() => page.reload()} rows={4}>
      {m && (
        <Section
          title={m.goodsName}
          extra={<Text className="qb-muted">{t('stuff.count', { n: m.handouts?.length ?? m.handoutCount })}</Text>}
        >
          {!m.loggedIn ? (
            <View className="information-login">
              <Text className="qb-muted">{t('information.login')}</Text>
              <View
                className="qb-btn is-primary information-login-btn"
                onClick={() => Taro.navigateTo({ url: LOGIN_URL })}
              >
                {t('common.login')}
              </View>
            </View>
          ) : m.handouts === null ? (
            <View className="information-locked">
              <Text className="qb-muted">{t('information.lockedAll')}</Text>
              <View
                className="qb-btn information-to-goods"
                onClick={() => Taro.navigateTo({ url: `/pages3/course/detail?id=${goodsId}` })}
              >
                {t('information.toGoods')}
              </View>
            </View>
          ) : m.handouts.length === 0 ? (
            <Text className="qb-muted">{t('stuff.empty')}</Text>
          ) : (
            <>
              {!m.bought && <Text className="qb-muted information-partial">{t('information.locked')}</Text>}
              {m.handouts.map((h) => (
                <HandoutRow
                  key={h.handoutId}
                  h={h}
                  opening={opening === h.handoutId}
                  locked={!openable(h)}
                  onOpen={() => onOpen(h)}
                />
              ))}
            </>
          )}
        </Section>
      )}
    </StatusBox>
  )
}

export default function Information() {
  const goodsId = numParam(useRouter().params.goodsId)
  return (
    <View className="page qb-page information-page" style={themeStyle}>
      <NavBar title={t('information.title')} />
      {goodsId ? <Materials goodsId={goodsId} /> : <Empty text={t('error.linkMissing')} />}
      <View className="qb-btn stuff-home information-home" onClick={goHome}>
        {t('information.home')}
      </View>
    </View>
  )
}
