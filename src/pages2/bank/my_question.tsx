/**
 * My banks (spec: pages2/bank/my_question): owned and free banks with progress and expiry; a tap makes the
 * bank the current one and opens its chapters; a bank not owned links to its goods to buy. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import dayjs from 'dayjs'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'
import { bankUrl, go, QUIET, ratio, rememberBank, requireLogin, useLoader } from '@/pages/questionBank/lib'
import { Bar, StatusBox } from '@/pages/questionBank/ui'
import { type MyBank, myBanks } from '@/services/api/bank'

export function BankRow({ b, onOpen }: { b: MyBank; onOpen: (b: MyBank) => void }) {
  return (
    <View className={`qb-row bank-item bank-item-${b.bankId}`} onClick={() => onOpen(b)}>
      <View className="qb-row-main">
        <Text className="qb-row-title">{b.bankName}</Text>
        <Bar value={ratio(b.doneNum, b.questionNum)} />
        <Text className="qb-muted">
          {t('bankList.bank.meta', { done: b.doneNum, total: b.questionNum, right: b.rightNum })}
        </Text>
        <Text className="qb-muted">
          {!b.owned
            ? t('bankList.bank.notOwned')
            : b.isFree
              ? t('bankList.bank.free')
              : b.expireTime
                ? t('bankList.bank.expire', { date: dayjs.unix(b.expireTime).format('YYYY-MM-DD') })
                : t('bankList.bank.forever')}
        </Text>
      </View>
      {!b.owned && (
        <Text
          className="qb-btn qb-buy"
          onClick={(e) => {
            e.stopPropagation()
            go(bankUrl.goods(b.goodsId))
          }}
        >
          {t('bankList.bank.buy')}
        </Text>
      )}
    </View>
  )
}

export default function MyQuestion() {
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
        emptyAction={t('bankList.banks.toShop')}
        onEmptyAction={() => Taro.switchTab({ url: '/pages/course/index' })}
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
