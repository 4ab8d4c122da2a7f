/**
 * The course extras of a goods' learning page (pages2/learn/details; docs/DECISIONS.md "Course extras"): a newer
 * edition of the goods (课程已更新), the school's study prompt (学习须知), the assessment checklist (考核要求),
 * the section tests with the learner's best result, and 重新计算学时 when the stored hours do not match the
 * recorded viewing. Each part shows only when it has something to say; a failed load shows nothing.
 */
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import RichHtml from '@/components/rich-html'
import { go, QUIET, useLoader } from '@/features/bank/lib'
import { Bar } from '@/features/bank/ui'
import { formatDuration } from '@/lib/datetime'
import {
  type ExamineItem,
  examineList,
  oldGoodsRedirect,
  prompts,
  rebuildHours,
  rebuildStatus,
  sectionTests,
} from '@/services/api/course-extra'
import { tx } from './extras-messages'

function amount(i: ExamineItem): string {
  if (i.unit === 'second')
    return tx('unit.second', { current: formatDuration(i.current), target: formatDuration(i.target) })
  return tx(`unit.${i.unit}`, { current: i.current, target: i.target })
}

export function CourseExtras({ goodsId, tick, onRebuilt }: { goodsId: number; tick: number; onRebuilt: () => void }) {
  const redirect = useLoader(() => oldGoodsRedirect(goodsId, QUIET))
  const prompt = useLoader(() => prompts({ key: 'study', goodsId }, QUIET))
  const examine = useLoader(() => examineList(goodsId, QUIET))
  const tests = useLoader(() => sectionTests(goodsId, {}, QUIET))
  const hours = useLoader(() => rebuildStatus(goodsId, QUIET))
  const [promptOpen, setPromptOpen] = useState(false)
  const [rebuilding, setRebuilding] = useState(false)

  // every show of the page (tick) reads them again, quietly after the first time
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loaders are stable; tick is the trigger
  useEffect(() => {
    const quiet = tick > 1
    redirect.reload(quiet)
    prompt.reload(quiet)
    examine.reload(quiet)
    tests.reload(quiet)
    hours.reload(quiet)
  }, [goodsId, tick])

  const recount = async () => {
    if (rebuilding) return
    setRebuilding(true)
    try {
      await rebuildHours(goodsId)
    } catch {
      return // the request layer showed why
    } finally {
      setRebuilding(false)
    }
    Taro.showToast({ title: tx('hoursRebuilt'), icon: 'success', duration: 2000 })
    hours.reload(true)
    examine.reload(true)
    tests.reload(true)
    onRebuilt()
  }

  const r = redirect.data
  const successor = r?.successor ?? null
  const studyPrompt = (prompt.data ?? [])[0]
  const items = examine.data?.items ?? []
  const testList = tests.data ?? []
  const stale = hours.data?.stale ? hours.data : null
  return (
    <>
      {successor && r && (
        <View className="ln-notice ln-replaced">
          <Text>{tx('replaced', { name: successor.goodsName })}</Text>
          <Text className="ln-muted">
            {r.action === 'successor'
              ? tx('replacedOwned')
              : r.action === 'old'
                ? tx('replacedStill')
                : tx('replacedExpired')}
          </Text>
          <Text
            className="ln-link ln-replaced-go"
            onClick={() =>
              go(
                r.action === 'old'
                  ? successor.goodsType === 4
                    ? `/pages3/course/jydetail?id=${successor.goodsId}`
                    : `/pages3/course/detail?id=${successor.goodsId}`
                  : r.path,
              )
            }
          >
            {r.action === 'successor' ? tx('replacedStudy') : tx('replacedView')}
          </Text>
        </View>
      )}

      {studyPrompt && (
        <View className="ln-section ln-prompt">
          <View className="ln-section-head">
            <Text className="ln-section-title">{studyPrompt.title}</Text>
            <Text className="ln-link ln-prompt-toggle" onClick={() => setPromptOpen((o) => !o)}>
              {promptOpen ? tx('promptHide') : tx('promptShow')}
            </Text>
          </View>
          {promptOpen && <RichHtml className="ln-prompt-content" html={studyPrompt.content} />}
        </View>
      )}

      {stale && (
        <View className="ln-notice ln-hours-stale">
          <Text>{tx('hoursStale')}</Text>
          <Text className="ln-muted">
            {tx('hoursStaleHint', { credited: formatDuration(stale.fromIntervals.creditedSeconds) })}
          </Text>
          <Text className="ln-link ln-hours-rebuild" onClick={recount}>
            {tx('hoursRebuild')}
          </Text>
        </View>
      )}

      {items.length > 0 && (
        <View className="ln-section ln-examine">
          <View className="ln-section-head">
            <Text className="ln-section-title">{tx('examine')}</Text>
            {examine.data?.allDone && <Text className="ln-muted ln-examine-done">{tx('examineAllDone')}</Text>}
          </View>
          {items.map((i) => (
            <View
              key={`${i.key}-${i.examId ?? 0}`}
              className={`ln-row ln-examine-item ln-examine-${i.key}${i.done ? ' is-done' : ''}`}
              onClick={() => go(i.path)}
            >
              <View className="ln-row-main">
                <Text className="ln-row-title">{i.title}</Text>
                <Text className="ln-muted">{amount(i)}</Text>
                <View className="ln-progress">
                  <Bar value={i.percent} />
                </View>
              </View>
              <Text className={`ln-tag ${i.done ? 'is-required' : 'is-optional'}`}>
                {i.done ? tx('done') : tx('todo')}
              </Text>
            </View>
          ))}
        </View>
      )}

      {testList.length > 0 && (
        <View className="ln-section ln-tests">
          <View className="ln-section-head">
            <Text className="ln-section-title">{tx('tests')}</Text>
          </View>
          {testList.map((x) => (
            <View key={x.sectionId} className={`ln-row ln-test ln-test-${x.paperId}`} onClick={() => go(x.path)}>
              <View className="ln-row-main">
                <Text className="ln-row-title">{x.paperName}</Text>
                <Text className="ln-muted">
                  {x.bestScore === null
                    ? `${tx('testNew', { n: x.questionNum, pass: x.passScore })}${x.sectionFinished ? '' : ` · ${tx('testAfter')}`}`
                    : x.passed
                      ? tx('testPassed', { score: x.bestScore })
                      : tx('testFailed', { score: x.bestScore })}
                </Text>
              </View>
              <Text className="ln-arrow" />
            </View>
          ))}
        </View>
      )}
    </>
  )
}
