import { Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useCallback } from 'react'
import Empty from '@/components/empty'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { myGoods } from '@/features/shop/api'
import { LEARN_TAB, LOGIN_URL } from '@/features/shop/components/goods-card/actions'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { goodsTypeKey } from '@/features/shop/components/goods-card/url'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { usePaged } from '@/lib/use-paged'
import { useSession } from '@/store/session'
import './my-courses.scss'

type MyGoods = Awaited<ReturnType<typeof myGoods>>['rows'][number]

/** All my courses: the learner's entitled goods with their expiry; a tap opens the learning tab. */
export default function MyCourses() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('shop.mine.toShop'))
  const loggedIn = useSession((s) => !!s.userAccount)
  const fetchPage = useCallback(
    (pageNum: number, pageSize: number) => myGoods({ pageNum, pageSize }, { noLoading: true, silent: true }),
    [],
  )
  const list = usePaged<MyGoods>(fetchPage, 10)

  useDidShow(() => {
    if (useSession.getState().userAccount) list.reload(list.status === 'ready')
  })
  usePullDownRefresh(() => {
    const p = useSession.getState().userAccount ? list.reload(true) : Promise.resolve()
    p.finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    if (loggedIn) list.loadMore()
  })

  return (
    <View className="page my-courses" style={themeStyle}>
      <NavBar title={t('shop.mine.title')} />
      {!loggedIn ? (
        <Empty
          text={t('shop.mine.loginHint')}
          actionText={t('common.login')}
          onAction={() => Taro.navigateTo({ url: LOGIN_URL })}
        />
      ) : (
        <View className="page-body">
          {list.status === 'loading' && <PageLoading rows={4} />}
          {list.status === 'error' && (
            <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => list.reload()} />
          )}
          {list.status === 'ready' &&
            (list.rows.length === 0 ? (
              <Empty
                text={t('shop.mine.empty')}
                hint={t('shop.mine.emptyHint')}
                actionText={toShop.text}
                onAction={toShop.open}
              />
            ) : (
              <>
                <View className="card my-course-list">
                  {list.rows.map((g) => (
                    <View
                      key={g.goodsId}
                      className={`my-course my-course-${g.goodsId}${g.expired ? ' my-course-expired' : ''}`}
                      onClick={() => Taro.switchTab({ url: LEARN_TAB })}
                    >
                      {g.cover ? (
                        <Image className="my-course-cover" src={imageUrl(g.cover)} mode="aspectFill" lazyLoad />
                      ) : (
                        <View className="my-course-cover my-course-cover-blank" />
                      )}
                      <View className="my-course-main">
                        <Text className="my-course-name">{g.goodsName}</Text>
                        <View className="my-course-meta">
                          <Text className="my-course-type">{t(goodsTypeKey(g.goodsType))}</Text>
                          {g.courseNum > 0 && <Text>{t('shop.courseNum', { count: g.courseNum })}</Text>}
                        </View>
                        <Text className={`my-course-expire${g.expired ? ' is-expired' : ''}`}>
                          {g.expired
                            ? t('shop.mine.expired')
                            : g.expireTime === null
                              ? t('shop.mine.forever')
                              : t('shop.mine.expire', { date: formatDate(g.expireTime, { year: 'always' }) })}
                        </Text>
                      </View>
                    </View>
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
      )}
    </View>
  )
}
