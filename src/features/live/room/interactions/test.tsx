/** The answer card's sheet (issue 14): the question with its countdown, answered once; the result and my verdict. */
import { Text, View } from '@tarojs/components'
import { type ReactNode, useState } from 'react'
import { Ring } from '@/components/chart'
import RichHtml from '@/components/rich-html'
import { type AnswerCard, isMultiple, ix, type LiveClient } from '@/features/live'
import { useServerNow } from '../use-live'
import { Button, leftText, ShareBar, Sheet } from './parts'

export function AnswerSheet({ card, client, onClose }: { card: AnswerCard; client: LiveClient; onClose: () => void }) {
  // the countdown ticks here only (not the whole room), on the server's clock, until the result
  const now = useServerNow(client, !card.result)
  const [picked, setPicked] = useState<string[]>([])
  const t = card.test
  const multi = isMultiple(t.quesType)
  const result = card.result
  const left = t.endsAt - now
  const timeUp = left <= 0
  const locked = card.answered || !!result || timeUp

  const toggle = (label: string) => {
    if (locked) return
    setPicked((p) => (multi ? (p.includes(label) ? p.filter((x) => x !== label) : [...p, label].sort()) : [label]))
  }
  const mine = card.mine ?? []
  const typeKey = t.quesType === 2 ? 'test.type.2' : t.quesType === 3 ? 'test.type.3' : 'test.type.1'

  let footer: ReactNode
  if (result) footer = null
  else if (card.answered) footer = <Text className="lv-note lv-test-submitted">{ix('test.submitted')}</Text>
  else if (timeUp) footer = <Text className="lv-note lv-test-timeup">{ix('test.timeUp')}</Text>
  else
    footer = (
      <Button
        className="lv-test-submit"
        text={ix('test.submit')}
        disabled={picked.length === 0 || card.busy}
        onClick={() => void client.ix.answerTest(picked)}
      />
    )

  return (
    <Sheet kind="test" title={ix(result ? 'test.result' : 'test.title')} onClose={onClose} footer={footer}>
      <View className="lv-test-head">
        <Text className="lv-test-type">{ix(typeKey)}</Text>
        {!result && !timeUp && <Text className="lv-test-left">{ix('test.left', { time: leftText(left) })}</Text>}
      </View>
      <RichHtml className="lv-test-stem" html={t.stem} />
      {t.options.map(([label, text]) => {
        const chosen = (result || card.answered ? mine : picked).includes(label)
        const right = !!result && result.answer.includes(label)
        // after the result a chosen option that is not right is marked wrong (red), not merely chosen
        const wrong = !!result && chosen && !right
        return (
          <View
            key={label}
            className={`lv-choice lv-test-option lv-test-option-${label}${chosen ? ' is-on' : ''}${right ? ' is-right' : ''}${wrong ? ' is-wrong' : ''}${multi ? ' is-multi' : ''}${locked ? ' is-locked' : ''}`}
            onClick={() => toggle(label)}
          >
            <Text className="lv-test-label">{label}</Text>
            <RichHtml className="lv-choice-text" html={text} />
            {result && (
              <Text className="lv-test-count">{ix('test.people', { n: result.distribution[label] ?? 0 })}</Text>
            )}
          </View>
        )
      })}
      {result && (
        <View className="lv-test-result">
          <View className="lv-test-summary">
            <Ring
              value={Math.round(result.rightRate * 100)}
              text={`${Math.round(result.rightRate * 100)}%`}
              caption={ix('test.rightRate')}
              color="#00a870"
              valueClassName="lv-test-rate"
            />
            <View className="lv-test-verdicts">
              <Text className={`lv-test-verdict is-${card.verdict ?? 'answered'}`}>
                {card.verdict ? ix(`test.${card.verdict}`) : ix('test.unknownMine')}
              </Text>
              <Text className="lv-test-right-answer">{ix('test.rightAnswer', { answer: result.answer.join('') })}</Text>
              {card.mine && card.mine.length > 0 && (
                <Text className="lv-test-my-answer">{ix('test.myAnswer', { answer: card.mine.join('') })}</Text>
              )}
              <Text className="lv-muted lv-test-counts">
                {ix('test.answered', { n: result.answered, r: result.right })}
              </Text>
            </View>
          </View>
          <Text className="lv-sub-head">{ix('test.distribution')}</Text>
          <View className="lv-test-dist">
            {t.options.map(([label]) => (
              <ShareBar
                key={label}
                className={`lv-test-dist-row lv-test-dist-${label}${result.answer.includes(label) ? ' is-right' : ''}`}
                label={<Text>{label}</Text>}
                count={result.distribution[label] ?? 0}
                of={result.answered}
              />
            ))}
          </View>
          {!!result.analysis && (
            <>
              <Text className="lv-sub-head">{ix('test.analysis')}</Text>
              <RichHtml className="lv-test-analysis" html={result.analysis} />
            </>
          )}
        </View>
      )}
    </Sheet>
  )
}
