/**
 * My banks (spec: pages2/bank/my_question): owned and free banks with progress and expiry; a tap makes the
 * bank the current one and opens its chapters; a bank not owned links to its goods to buy. Learner-only.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type MyBank, myBanks } from '@/features/bank/api'
import { bankUrl, go, QUIET, rememberBank, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { t } from '@/i18n/sub'

import { BankRow } from './bank-row'

export default function MyQuestion() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('bankList.banks.toShop'))
  const banks = useLoader(() => myBanks(undefined, QUIET))
  useDidShow(() => {
    if (requireLogin()) banks.reload(banks.status === 'ready')
  })
  usePullDownRefresh(() => {
    banks.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const open = (b: MyBank) => {
    rememberBank(b.bankId)
    go(bankUrl.chapters(b.bankId))
  }
  const rows = [...(banks.data ?? [])].sort((a, b) => Number(b.owned) - Number(a.owned) || a.sort - b.sort)
  return (
    <View className="page qb-page qb-my-banks" style={themeStyle}>
      <NavBar title={t('bankList.myBanks.title')} />
      <StatusBox
        status={banks.status}
        empty={rows.length === 0}
        emptyText={t('bankList.banks.empty')}
        emptyHint={t('bankList.banks.emptyHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => banks.reload()}
      >
        <View className="qb-section">
          {rows.map((b) => (
            <BankRow key={b.bankId} b={b} onOpen={open} />
          ))}
        </View>
      </StatusBox>
    </View>
  )
}
