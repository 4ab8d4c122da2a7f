/**
 * A new study plan (spec: pages2/plan/create): the goods the learner owns (listGoods) with their courses and banks to
 * choose from, a daily goal per item, dates, weekdays and the reminder. Saved plans go back to the plan page.
 * Learner-only; without a goods to plan, a way to the shop.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { createPlan, planGoods } from '@/features/plan/api'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { blankForm } from './form-state'
import { px } from './messages'
import { leave } from './parts'
import PlanForm from './plan-form'
import './plan.scss'

export default function PlanCreate() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(px('toShop'))
  const goods = useLoader(() => planGoods(undefined, QUIET))
  const { submitting, run } = useSubmit()

  useDidShow(() => {
    if (requireLogin() && goods.status !== 'ready') goods.reload()
  })

  const list = goods.data ?? []
  return (
    <View className="page pl-page pl-create" style={themeStyle}>
      <NavBar title={px('createTitle')} />
      <StatusBox
        status={goods.status}
        empty={list.length === 0}
        emptyText={px('noGoods')}
        emptyHint={px('noGoodsHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => goods.reload()}
      >
        <PlanForm
          goods={list}
          initial={blankForm(list)}
          submitting={submitting}
          onSubmit={(body) =>
            run(async () => {
              await createPlan(body)
              Taro.showToast({ title: px('created'), icon: 'success' })
              leave()
            })
          }
        />
      </StatusBox>
    </View>
  )
}
