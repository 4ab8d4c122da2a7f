/**
 * Tab 3, question bank. Logged out: a welcome with login and the public free papers (a tap previews the
 * paper's questions). Logged in: the bank switcher (owned + free banks; a bank not owned links to its goods
 * to buy), the continue card of the newest unfinished attempt, and the entries of the chosen bank (daily,
 * random, chapters, papers, wrong book with the due count, favourites, records, statistics). The chosen
 * bank is remembered (storage 'bank_id') and read by every list page as its default bank.
 */
import { ScrollView, Text, View } from '@tarojs/components'
import Taro, { useDidHide, useDidShow, usePullDownRefresh } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { dropAppShell } from '@/components/app-shell'
import Icon from '@/components/icon'
import type { Tone } from '@/components/icon/entries'
import {
  BookOpen,
  BookX,
  CalendarCheck,
  ChartColumn,
  ClipboardCheck,
  FileText,
  type Glyph,
  RotateCcwClock,
  Shuffle,
  Star,
  Target,
  Timer,
} from '@/components/icon/glyphs'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import type { MyBank, Paper, RecordSummary } from '@/features/bank/api'
import { useShopDoor } from '@/features/shop/components/goods-card/buy-elsewhere'
import { type MessageKey, t } from '@/i18n'
import { bankQuestionNum, doNum, myBanks, records, wrongNum } from '@/services/api/tabs'
import { useSession } from '@/store/session'
import {
  bankUrl,
  go,
  LOGIN_URL,
  loadFreePapers,
  QUIET,
  rememberBank,
  rememberedBankId,
  scopeKey,
  useLoader,
} from '../lib'
import { StatusBox } from '../ui'

interface BankCounts {
  questionNum: number
  doneNum: number
  wrongNum: number
  dueToday: number
  collectNum: number
  todayNum: number
  unfinished: RecordSummary | null
}

/** The bank to show: the remembered one when still in the list, else the first owned, else the first. */
export function pickBank(list: MyBank[], remembered: number | null): MyBank | undefined {
  return list.find((b) => b.bankId === remembered) ?? list.find((b) => b.owned) ?? list[0]
}

async function loadCounts(bankId: number): Promise<BankCounts> {
  const [num, wrong, today, recent] = await Promise.all([
    bankQuestionNum(bankId, QUIET),
    wrongNum(bankId, QUIET),
    doNum(bankId, QUIET).catch(() => null),
    records({ bankId, pageNum: 1, pageSize: 10 }, QUIET).catch(() => null),
  ])
  return {
    questionNum: num.questionNum,
    doneNum: num.doneNum,
    wrongNum: wrong.total,
    dueToday: wrong.dueToday,
    collectNum: num.collectNum,
    todayNum: today?.todayNum ?? 0,
    unfinished: recent?.rows.find((r) => !r.submitted) ?? null,
  }
}

/** The entries of the chosen bank, each with its glyph and tone (src/components/icon). */
const ENTRIES: ReadonlyArray<{
  key: string
  label: MessageKey
  glyph: Glyph
  tone: Tone
  url: (bankId: number) => string
}> = [
  { key: 'daily', label: 'bankList.entry.daily', glyph: CalendarCheck, tone: 'orange', url: bankUrl.daily },
  { key: 'random', label: 'bankList.entry.random', glyph: Shuffle, tone: 'purple', url: bankUrl.random },
  { key: 'chapter', label: 'bankList.entry.chapter', glyph: BookOpen, tone: 'blue', url: bankUrl.chapters },
  { key: 'paper', label: 'bankList.entry.paper', glyph: FileText, tone: 'cyan', url: bankUrl.papers },
  { key: 'wrong', label: 'bankList.entry.wrong', glyph: BookX, tone: 'red', url: bankUrl.wrongBank },
  { key: 'collect', label: 'bankList.entry.collect', glyph: Star, tone: 'amber', url: bankUrl.collectBank },
  { key: 'record', label: 'bankList.entry.record', glyph: RotateCcwClock, tone: 'indigo', url: bankUrl.records },
  { key: 'stats', label: 'bankList.entry.stats', glyph: ChartColumn, tone: 'green', url: bankUrl.stats },
  { key: 'exam', label: 'bankList.entry.exam', glyph: ClipboardCheck, tone: 'pink', url: () => '/pages2/exam/index' },
  {
    key: 'mock',
    label: 'bankList.entry.mock',
    glyph: Timer,
    tone: 'orange',
    url: () => '/pages5/mockRecord/mock_record',
  },
  { key: 'special', label: 'bankList.entry.special', glyph: Target, tone: 'blue', url: bankUrl.special },
]

function FreePapers({ papers, loggedIn }: { papers: Paper[]; loggedIn: boolean }) {
  return (
    <View className="qb-section qb-free-papers">
      <View className="qb-section-head">
        <Text className="qb-section-title">{t('bankList.free.title')}</Text>
        {loggedIn && (
          <Text className="qb-link" onClick={() => go('/pages2/bank/free_question')}>
            {t('bankList.more')}
          </Text>
        )}
      </View>
      {papers.slice(0, 5).map((p) => (
        <View
          key={p.paperId}
          className={`qb-row qb-free-paper paper-item paper-item-${p.paperId}`}
          onClick={() => go(loggedIn ? bankUrl.test(p.paperId) : bankUrl.preview({ paperId: p.paperId }))}
        >
          <View className="qb-row-main">
            <Text className="qb-row-title">{p.paperName}</Text>
            <Text className="qb-muted">
              {t('bankList.paper.meta', { num: p.questionNum, score: p.totalScore, min: p.durationMinutes })}
            </Text>
          </View>
          <Text className="qb-btn">{loggedIn ? t('bankList.paper.start') : t('bankList.paper.preview')}</Text>
        </View>
      ))}
    </View>
  )
}

export default function QuestionBank() {
  // 去选课, or 咨询开通 where this platform must not sell (src/features/shop/components/goods-card/buy-elsewhere.tsx)
  const toShop = useShopDoor(t('bankList.banks.toShop'))
  const loggedIn = useSession((s) => !!s.userAccount)
  const [bankId, setBankId] = useState<number | null>(rememberedBankId())
  const [switching, setSwitching] = useState(false)

  const freePapers = useLoader(() => loadFreePapers())
  const banks = useLoader(() => myBanks(undefined, QUIET))
  const bank = pickBank(banks.data ?? [], bankId)
  const counts = useLoader<BankCounts | null>(() => (bank ? loadCounts(bank.bankId) : Promise.resolve(null)))

  // the school's free papers: the logged-out welcome and the logged-in tab's 免费试卷 card both list them
  const loadAll = async (quiet: boolean) => {
    if (!useSession.getState().userAccount) {
      await freePapers.reload(quiet)
      return
    }
    await Promise.all([banks.reload(quiet), freePapers.reload(true)])
  }

  useDidShow(() => {
    // another page may have made a bank current meanwhile (study now after buying a bank, My question banks)
    setBankId(rememberedBankId())
    loadAll(banks.status === 'ready' || freePapers.status === 'ready')
    // back from practice or a review: today's answers and 今日待复习 changed (the first show loads them below)
    if (counts.status === 'ready') counts.reload(true)
  })
  usePullDownRefresh(() => {
    loadAll(true)
      .then(() => counts.reload(true))
      .finally(() => Taro.stopPullDownRefresh())
  })

  // counts follow the shown bank (after the bank list loads or the learner switches)
  const shownId = bank?.bankId ?? null
  const reloadCounts = counts.reload
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shown bank reloads its counts
  useEffect(() => {
    if (loggedIn && banks.status === 'ready') reloadCounts()
  }, [loggedIn, banks.status, shownId, reloadCounts])

  // the server's copy of the logged-out welcome (H5, server/src/http/h5-page.ts) goes once this page has rendered
  useEffect(dropAppShell, [])
  useDidHide(dropAppShell)

  const choose = (b: MyBank) => {
    rememberBank(b.bankId)
    setBankId(b.bankId)
    setSwitching(false)
  }

  if (!loggedIn)
    return (
      <TabPage index={3}>
        <View className="page qb-page qb-home" style={themeStyle}>
          <NavBar title={t('questionBank.title')} back={false} home={false} />
          <View className="qb-welcome">
            <Text className="qb-section-title">{t('bankList.welcome.title')}</Text>
            <Text>{t('bankList.welcome.text')}</Text>
            <View className="qb-btn is-primary qb-login" onClick={() => go(LOGIN_URL)}>
              <Text>{t('common.login')}</Text>
            </View>
          </View>
          <StatusBox
            status={freePapers.status}
            empty={(freePapers.data ?? []).length === 0}
            emptyText={t('bankList.free.empty')}
            onRetry={() => freePapers.reload()}
          >
            <FreePapers papers={freePapers.data ?? []} loggedIn={false} />
          </StatusBox>
        </View>
      </TabPage>
    )

  const list = banks.data ?? []
  const c = counts.data
  return (
    <TabPage index={3}>
      <View className="page qb-page qb-home" style={themeStyle}>
        <NavBar title={t('questionBank.title')} back={false} home={false} />
        <StatusBox
          status={banks.status}
          empty={list.length === 0}
          emptyText={t('bankList.banks.empty')}
          emptyHint={t('bankList.banks.emptyHint')}
          emptyAction={toShop.text}
          onEmptyAction={toShop.open}
          onRetry={() => banks.reload()}
        >
          {bank && (
            <>
              <View className="qb-section qb-bank-switch" onClick={() => setSwitching((s) => !s)}>
                <View className="qb-section-head">
                  <Text className="qb-section-title qb-bank-name">{bank.bankName}</Text>
                  <Text className="qb-link">{t('bankList.banks.switch')}</Text>
                </View>
                <Text className="qb-muted">
                  {t('bankList.bank.meta', { done: bank.doneNum, total: bank.questionNum, right: bank.rightNum })}
                </Text>
                {!bank.owned && (
                  <Text
                    className="qb-link qb-buy"
                    onClick={(e) => {
                      e.stopPropagation()
                      go(bankUrl.goods(bank.goodsId))
                    }}
                  >
                    {t('bankList.bank.buy')}
                  </Text>
                )}
              </View>
              {switching && (
                <ScrollView scrollY className="qb-section qb-bank-options">
                  {list.map((b) => (
                    <View
                      key={b.bankId}
                      className={`qb-row qb-bank-option qb-bank-option-${b.bankId}${b.bankId === bank.bankId ? ' is-active' : ''}`}
                      onClick={() => choose(b)}
                    >
                      <View className="qb-row-main">
                        <Text className="qb-row-title">{b.bankName}</Text>
                        <Text className="qb-muted">
                          {b.owned
                            ? b.isFree
                              ? t('bankList.bank.free')
                              : t('bankList.bank.owned')
                            : t('bankList.bank.notOwned')}
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
                  ))}
                </ScrollView>
              )}

              {c?.unfinished && (
                <View className="qb-continue" onClick={() => go(bankUrl.continueRecord(c.unfinished?.recordId ?? 0))}>
                  <View className="qb-row-main">
                    <Text className="qb-row-title">{t('bankList.continue.title')}</Text>
                    <Text className="qb-muted">
                      {t(scopeKey(c.unfinished.scope))} · {c.unfinished.title} ·{' '}
                      {t('bankList.progress', { done: c.unfinished.answeredNum, total: c.unfinished.questionNum })}
                    </Text>
                  </View>
                  <Text className="qb-btn is-primary">{t('bankList.continue.go')}</Text>
                </View>
              )}

              <View className="qb-section">
                {c && (
                  <View className="qb-numbers qb-today">
                    <View className="qb-number">
                      <Text className="qb-number-value qb-today-num">{c.todayNum}</Text>
                      <Text className="qb-muted">{t('bankList.today.answered')}</Text>
                    </View>
                    <View className="qb-number">
                      <Text className="qb-number-value qb-done-num">{c.doneNum}</Text>
                      <Text className="qb-muted">{t('bankList.today.done')}</Text>
                    </View>
                    <View className="qb-number">
                      <Text className="qb-number-value qb-due-num">{c.dueToday}</Text>
                      <Text className="qb-muted">{t('bankList.today.due')}</Text>
                    </View>
                  </View>
                )}
                {counts.status === 'error' && (
                  <Text className="qb-link qb-counts-retry" onClick={() => counts.reload()}>
                    {t('bankList.countsFailed')}
                  </Text>
                )}
                <View className="qb-grid">
                  {ENTRIES.map((e) => {
                    const count =
                      !c || (e.key !== 'wrong' && e.key !== 'collect')
                        ? 0
                        : e.key === 'wrong'
                          ? c.dueToday > 0
                            ? c.dueToday
                            : c.wrongNum
                          : c.collectNum
                    return (
                      <View key={e.key} className={`qb-entry qb-entry-${e.key}`} onClick={() => go(e.url(bank.bankId))}>
                        <View className={`icon-tile tone-${e.tone} qb-entry-icon`}>
                          <Icon glyph={e.glyph} />
                          {count > 0 && (
                            // red only for what is due today: the book's size, with nothing due, is a quiet count
                            <Text
                              className={`qb-entry-count${e.key === 'wrong' && c && c.dueToday > 0 ? ' qb-badge' : ' is-muted'}`}
                            >
                              {count > 99 ? '99+' : count}
                            </Text>
                          )}
                        </View>
                        <Text className="qb-entry-label">{t(e.label)}</Text>
                      </View>
                    )
                  })}
                </View>
              </View>
              {(freePapers.data ?? []).length > 0 && <FreePapers papers={freePapers.data ?? []} loggedIn />}
            </>
          )}
        </StatusBox>
      </View>
    </TabPage>
  )
}
