/** The questionnaire sheet (issue 14): the items, answered once; the results when the lecturer shows them. */
import { Text, Textarea, View } from '@tarojs/components'
import { type ReactNode, useState } from 'react'
import { ix, type LiveClient, type QuestionnaireCard } from '@/features/live'
import { Button, plain, ShareBar, Sheet } from './parts'

type Draft = Record<number, number[] | string>

export function QuestionnaireSheet({
  card,
  client,
  onClose,
}: {
  card: QuestionnaireCard
  client: LiveClient
  onClose: () => void
}) {
  const [draft, setDraft] = useState<Draft>({})
  const [error, setError] = useState('')
  const open = card.status === 'open'
  const result = card.result

  const pick = (i: number, j: number, multiple: boolean) => {
    if (!open) return
    setError('')
    setDraft((d) => {
      const was = Array.isArray(d[i]) ? (d[i] as number[]) : []
      const next = multiple ? (was.includes(j) ? was.filter((x) => x !== j) : [...was, j]) : [j]
      return { ...d, [i]: next }
    })
  }
  const submit = async () => {
    const answers = card.items.map((item, i) =>
      item.type === 'text'
        ? { text: typeof draft[i] === 'string' ? (draft[i] as string) : '' }
        : { options: Array.isArray(draft[i]) ? (draft[i] as number[]) : [] },
    )
    const r = await client.ix.answerQuestionnaire(answers)
    if (!r.ok && r.message) setError(r.message)
  }

  let footer: ReactNode
  if (open)
    footer = (
      <Button
        className="lv-q-submit"
        text={ix('questionnaire.submit')}
        disabled={card.busy}
        onClick={() => void submit()}
      />
    )
  else
    footer = (
      <Text className={card.status === 'submitted' ? 'lv-note lv-q-submitted' : 'lv-note lv-q-closed'}>
        {ix(card.status === 'submitted' ? 'questionnaire.submitted' : 'questionnaire.closed')}
      </Text>
    )

  return (
    <Sheet
      kind="questionnaire"
      title={plain(card.title) || ix('questionnaire.title')}
      onClose={onClose}
      footer={footer}
    >
      {result && <Text className="lv-muted lv-q-answered">{ix('questionnaire.answered', { n: result.answered })}</Text>}
      {card.items.map((item, i) => {
        const r = result?.items[i]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are fixed for the questionnaire's life; the index is their id
          <View key={i} className={`lv-q-item lv-q-item-${i}`}>
            <View className="lv-q-title">
              <Text>
                {i + 1}. {plain(item.title)}
              </Text>
              <Text className="lv-q-type">{ix(`questionnaire.${item.type}`)}</Text>
            </View>
            {item.type === 'text' ? (
              r && r.type === 'text' ? (
                <View className="lv-q-texts">
                  {r.texts.length === 0 ? (
                    <Text className="lv-muted">{ix('questionnaire.noTexts')}</Text>
                  ) : (
                    r.texts.map((t, k) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id; the list is replaced whole
                      <Text key={k} className="lv-q-text-answer">
                        {plain(t)}
                      </Text>
                    ))
                  )}
                </View>
              ) : open ? (
                <Textarea
                  className="lv-q-textarea"
                  value={typeof draft[i] === 'string' ? (draft[i] as string) : ''}
                  maxlength={500}
                  placeholder={ix('questionnaire.textPlaceholder')}
                  onInput={(e) => {
                    const v: unknown = e.detail?.value
                    if (typeof v === 'string') setDraft((d) => ({ ...d, [i]: v }))
                  }}
                />
              ) : null
            ) : r && r.type !== 'text' ? (
              item.options.map((o, j) => (
                <ShareBar
                  // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed; the index is what answers name
                  key={j}
                  className={`lv-q-result lv-q-result-${j}`}
                  label={<Text>{plain(o)}</Text>}
                  count={r.counts[j] ?? 0}
                  of={result?.answered ?? 0}
                />
              ))
            ) : (
              item.options.map((o, j) => {
                const on = Array.isArray(draft[i]) && (draft[i] as number[]).includes(j)
                return (
                  <View
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed; the index is what answers name
                    key={j}
                    className={`lv-choice lv-q-option lv-q-option-${j}${on ? ' is-on' : ''}${item.type === 'multiple' ? ' is-multi' : ''}${open ? '' : ' is-locked'}`}
                    onClick={() => pick(i, j, item.type === 'multiple')}
                  >
                    <View className="lv-choice-mark" />
                    <Text className="lv-choice-text">{plain(o)}</Text>
                  </View>
                )
              })
            )}
          </View>
        )
      })}
      {!!error && <Text className="lv-error lv-q-error">{error}</Text>}
    </Sheet>
  )
}
