import { Text, View } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { RANDOM_COUNT, startRecord } from '@/features/bank/api'
import { goodsUrl, intParam, loadError, requireLogin } from '@/features/bank/components/question/guard'
import { t } from '@/i18n/sub'
import '@/features/bank/components/question/index.scss'

const COUNTS = [10, RANDOM_COUNT, 50]

/**
 * Draw a random set from the learner's banks and practise it. Query: optional `bankId`, `goodsId`. A draw is
 * always fresh, so the page opens the player on the new attempt's id: a reload resumes that attempt.
 */
export default function RandomPracticePage() {
  const { params } = useRouter()
  const bankId = intParam(params.bankId)
  const goodsId = intParam(params.goodsId)
  const [count, setCount] = useState(RANDOM_COUNT)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  const draw = async () => {
    if (busy || !requireLogin()) return
    setBusy(true)
    setMessage('')
    try {
      const d = await startRecord(
        { scope: 'random', mode: 'practice', count, ...(bankId ? { bankId } : {}) },
        { noLoading: true, silent: true },
      )
      if (d.questions.length === 0) setMessage(t('bank.random.none'))
      else Taro.redirectTo({ url: `/pages2/bank/questionBank?recordId=${d.recordId}` })
    } catch (e) {
      const kind = loadError(e)
      setMessage(
        kind === 'notOwned' ? t('bank.notOwned') : kind === 'offline' ? t('bank.loadOffline') : t('shell.loadFailed'),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <View className="page bank-page bank-random" style={themeStyle}>
      <NavBar title={t('bank.random.title')} />
      <View className="random-card">
        <Text className="random-intro">{t('bank.random.intro')}</Text>
        <Text className="random-label">{t('bank.random.count')}</Text>
        <View className="random-counts">
          {COUNTS.map((n) => (
            <Text
              key={n}
              className={`random-count random-count-${n}${n === count ? ' is-active' : ''}`}
              onClick={() => setCount(n)}
            >
              {t('bank.random.n', { n })}
            </Text>
          ))}
        </View>
        {!!message && <Text className="random-message">{message}</Text>}
        {!!message && !!goodsId && message === t('bank.notOwned') && (
          <Text className="player-link" onClick={() => Taro.navigateTo({ url: goodsUrl(goodsId) })}>
            {t('bank.notOwned.buy')}
          </Text>
        )}
        <View className={`player-btn is-primary random-start${busy ? ' is-busy' : ''}`} onClick={draw}>
          <Text>{busy ? t('common.loading') : t('bank.random.start')}</Text>
        </View>
      </View>
    </View>
  )
}
