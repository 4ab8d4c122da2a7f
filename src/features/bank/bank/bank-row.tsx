/** A bank row of the learner's banks (shared by pages: a page file may export only its page on weapp). */
import { Text, View } from '@tarojs/components'
import type { MyBank } from '@/features/bank/api'
import { bankUrl, go, ratio } from '@/features/bank/lib'
import { Bar } from '@/features/bank/ui'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'

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
                ? t('bankList.bank.expire', { date: formatDate(b.expireTime, { year: 'always' }) })
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
