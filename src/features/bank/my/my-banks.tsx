/**
 * My account's 'my question bank' (spec: pages2/wd/question_bank): the learner's bank goods (owned + free)
 * with their banks; a tap makes a bank current and opens tab 3; quick links of the current bank to records,
 * wrong book, favourites and statistics. Learner-only.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useState } from 'react'
import Icon from '@/components/icon'
import type { Tone } from '@/components/icon/entries'
import { BookX, ChartColumn, type Glyph, RotateCcwClock, Star } from '@/components/icon/glyphs'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { freeAndOwnedBankGoods, type MyBank } from '@/features/bank/api'
import { BankRow } from '@/features/bank/bank/bank-row'
import { bankUrl, go, QUIET, rememberBank, rememberedBankId, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { type MessageKey, t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'

const LINKS: ReadonlyArray<{
  key: string
  label: MessageKey
  glyph: Glyph
  tone: Tone
  url: (bankId: number) => string
}> = [
  { key: 'record', label: 'bankList.entry.record', glyph: RotateCcwClock, tone: 'indigo', url: bankUrl.records },
  { key: 'wrong', label: 'bankList.entry.wrong', glyph: BookX, tone: 'red', url: bankUrl.wrongBank },
  { key: 'collect', label: 'bankList.entry.collect', glyph: Star, tone: 'amber', url: bankUrl.collectBank },
  { key: 'stats', label: 'bankList.entry.stats', glyph: ChartColumn, tone: 'green', url: bankUrl.stats },
]

export default function MyQuestionBank() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('bankList.banks.toShop'))
  const goods = useLoader(() => freeAndOwnedBankGoods(QUIET))
  const [current, setCurrent] = useState<number | null>(rememberedBankId())
  useDidShow(() => {
    if (requireLogin()) goods.reload(goods.status === 'ready')
  })
  usePullDownRefresh(() => {
    goods.reload(true).finally(() => Taro.stopPullDownRefresh())
  })
  const all = (goods.data ?? []).flatMap((g) => g.banks)
  const bank = all.find((b) => b.bankId === current) ?? all[0]
  const open = (b: MyBank) => {
    rememberBank(b.bankId)
    setCurrent(b.bankId)
    Taro.switchTab({ url: '/pages/questionBank/index' })
  }
  return (
    <View className="page qb-page qb-wd-bank" style={themeStyle}>
      <NavBar title={t('bankList.myBanks.title')} />
      <StatusBox
        status={goods.status}
        empty={all.length === 0}
        emptyText={t('bankList.banks.empty')}
        emptyHint={t('bankList.banks.emptyHint')}
        emptyAction={toShop.text}
        onEmptyAction={toShop.open}
        onRetry={() => goods.reload()}
      >
        {bank && (
          <View className="qb-section qb-quick-links">
            <View className="qb-section-head">
              <Text className="qb-section-title">{bank.bankName}</Text>
            </View>
            <View className="qb-grid">
              {LINKS.map((l) => (
                <View key={l.key} className={`qb-entry qb-link-${l.key}`} onClick={() => go(l.url(bank.bankId))}>
                  <View className={`icon-tile tone-${l.tone} qb-entry-icon`}>
                    <Icon glyph={l.glyph} />
                  </View>
                  <Text className="qb-entry-label">{t(l.label)}</Text>
                </View>
              ))}
            </View>
          </View>
        )}
        {(goods.data ?? []).map((g) => (
          <View key={g.goodsId} className={`qb-section bank-goods bank-goods-${g.goodsId}`}>
            <View className="qb-section-head">
              <Text className="qb-section-title">{g.goodsName}</Text>
              <Text className="qb-muted">
                {g.isFree
                  ? t('bankList.bank.free')
                  : g.expireTime
                    ? t('bankList.bank.expire', { date: formatDate(g.expireTime, { year: 'always' }) })
                    : t('bankList.bank.forever')}
              </Text>
            </View>
            {g.banks.map((b) => (
              <BankRow key={b.bankId} b={b} onOpen={open} />
            ))}
          </View>
        ))}
      </StatusBox>
    </View>
  )
}
