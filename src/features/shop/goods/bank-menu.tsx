/**
 * The contents (目录) of a question-bank goods: its banks with their chapters and question counts, public like
 * the catalogue. A chapter opens its questions (a preview of the first ones to a visitor, with answers to an
 * owner). Lives beside the detail page: a page file may export only its page on weapp.
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import PageLoading from '@/components/page-loading'
import { bankChapters, banks } from '@/features/bank/api'
import { bankUrl } from '@/features/bank/lib'
import { t } from '@/i18n/sub'

type Bank = Awaited<ReturnType<typeof banks>>[number]
type Chapter = Awaited<ReturnType<typeof bankChapters>>[number]

export async function loadBankMenu(goodsId: number): Promise<{ bank: Bank; chapters: Chapter[] }[]> {
  const opts = { noLoading: true, silent: true }
  const list = await banks(goodsId, opts)
  return Promise.all(list.map(async (bank) => ({ bank, chapters: await bankChapters(bank.bankId, opts) })))
}

export default function BankMenu({ goodsId }: { goodsId: number }) {
  const [menu, setMenu] = useState<Awaited<ReturnType<typeof loadBankMenu>> | null>(null)
  const [failed, setFailed] = useState(false)
  const load = useCallback(async () => {
    setFailed(false)
    setMenu(null)
    try {
      setMenu(await loadBankMenu(goodsId))
    } catch {
      setFailed(true)
    }
  }, [goodsId])
  useEffect(() => {
    load()
  }, [load])

  if (failed) return <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />
  if (menu === null) return <PageLoading rows={2} />
  if (menu.length === 0) return <Empty text={t('shop.menu.empty')} />
  return (
    <View className="detail-menu bank-menu">
      {menu.map(({ bank, chapters }) => (
        <View key={bank.bankId} className={`menu-course bank-menu-${bank.bankId}`}>
          <View className="menu-course-head">
            <Text className="menu-course-name">{bank.bankName}</Text>
            <Text className="menu-course-meta">
              {t('shop.menu.bankMeta', { chapters: bank.chapterNum, questions: bank.questionNum })}
            </Text>
          </View>
          {chapters.map((c) => (
            <View
              key={c.chapterId}
              className={`menu-chapter bank-chapter bank-chapter-${c.chapterId}`}
              onClick={() => Taro.navigateTo({ url: bankUrl.preview({ chapterId: c.chapterId }) })}
            >
              <Text className="bank-chapter-name">{c.chapterName}</Text>
              <Text className="bank-chapter-meta">{t('shop.menu.chapterQuestions', { count: c.questionNum })}</Text>
            </View>
          ))}
        </View>
      ))}
    </View>
  )
}
