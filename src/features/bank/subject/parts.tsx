/** Rows shared by the favourites and wrong-book pages (pages2/subject). */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { removeWrong } from '@/features/bank/api'
import { bankUrl, go, plain, typeKey } from '@/features/bank/lib'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'

/** A favourite question: a tap opens its preview (question_detail, with answer and analysis when allowed). */
export function CollectItem({
  q,
}: {
  q: { questionId: number; bankId: number; type: number; title: string; collectTime?: number }
}) {
  return (
    <View
      className={`qb-row collect-item collect-item-${q.questionId}`}
      onClick={() => go(bankUrl.preview({ questionId: q.questionId }))}
    >
      <View className="qb-row-main">
        <Text className="qb-row-title">{plain(q.title)}</Text>
        <Text className="qb-muted">
          {t(typeKey(q.type))}
          {q.collectTime ? ` · ${formatDate(q.collectTime)}` : ''}
        </Text>
      </View>
    </View>
  )
}

/** Ask, then remove a question from the wrong book; true when removed. */
export async function confirmRemoveWrong(questionId: number): Promise<boolean> {
  const r = await Taro.showModal({
    title: t('common.tip'),
    content: t('bankList.wrong.removeConfirm'),
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel'),
  })
  if (!r.confirm) return false
  try {
    await removeWrong([questionId])
    Taro.showToast({ title: t('bankList.wrong.removed'), icon: 'none' })
    return true
  } catch {
    // shown by the request layer
    return false
  }
}

/**
 * A wrong-book question: review (engine's wrongById over the question's type, every question of it:
 * wrongById has no single-question mode; questionId is passed along) and remove.
 */
export function WrongItem({
  w,
  onRemoved,
}: {
  w: {
    questionId: number
    bankId: number
    type: number
    title: string
    due: number
    dueToday: boolean
    /** times the learner answered it wrong (0: added by hand) */
    wrongTimes: number
  }
  onRemoved: (questionId: number) => void
}) {
  return (
    <View className={`qb-row wrong-item wrong-item-${w.questionId}`}>
      <View
        className="qb-row-main"
        onClick={() => go(bankUrl.wrongReview(w.bankId, { type: w.type, questionId: w.questionId, all: true }))}
      >
        <Text className="qb-row-title">{plain(w.title)}</Text>
        <Text className="qb-muted">
          {t(typeKey(w.type))} ·{' '}
          {w.dueToday ? t('bankList.wrong.dueToday') : t('bankList.wrong.due', { date: formatDate(w.due) })} ·{' '}
          {w.wrongTimes > 0 ? t('bankList.wrong.lapses', { n: w.wrongTimes }) : t('bankList.wrong.manual')}
        </Text>
      </View>
      <View className="qb-row-actions">
        <Text
          className="qb-btn wrong-remove"
          onClick={async () => {
            if (await confirmRemoveWrong(w.questionId)) onRemoved(w.questionId)
          }}
        >
          {t('bankList.wrong.remove')}
        </Text>
        <Text
          className="qb-btn is-primary wrong-review"
          onClick={() => go(bankUrl.wrongReview(w.bankId, { type: w.type, questionId: w.questionId, all: true }))}
        >
          {t('bankList.wrong.review')}
        </Text>
      </View>
    </View>
  )
}
