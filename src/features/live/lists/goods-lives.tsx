/**
 * A live goods' schedule (spec: pages5/liveDetail/index?goodsId=): every session of the rooms the goods (or a
 * package holding it) owns, in schedule order, each with its enter / replay button. Pull-down refresh.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { goodsLives } from '@/features/live/api'
import { openSession } from '@/features/live/links'
import { lx } from '@/features/live/messages'
import { SessionRow } from './parts'

export default function GoodsLivePage() {
  const { params } = useRouter()
  const goodsId = numParam(params.goodsId)
  const rows = useLoader(() => (goodsId ? goodsLives(goodsId, QUIET) : Promise.resolve([])))

  useDidShow(() => {
    if (goodsId && requireLogin()) rows.reload(rows.status === 'ready')
  })
  usePullDownRefresh(() => {
    rows.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const list = rows.data ?? []
  const title = list[0]?.goodsName || lx('goods.title')
  if (!goodsId)
    return (
      <View className="page lv-list-page" style={themeStyle}>
        <NavBar title={lx('goods.title')} />
        <Empty text={lx('room.notFound')} />
      </View>
    )
  return (
    <View className="page lv-list-page lv-goods-schedule" style={themeStyle}>
      <NavBar title={lx('goods.title')} />
      <StatusBox
        status={rows.status}
        empty={list.length === 0}
        emptyText={lx('goods.empty')}
        onRetry={() => rows.reload()}
      >
        <View className="lv-section">
          <Text className="lv-section-title lv-goods-name">{title}</Text>
          {list.map((s) => (
            <SessionRow key={s.sessionId} s={s} onOpen={openSession} />
          ))}
        </View>
      </StatusBox>
    </View>
  )
}
