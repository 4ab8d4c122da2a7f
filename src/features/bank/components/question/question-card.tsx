import { Image, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { imageUrl } from '@/components/link'
import RichHtml from '@/components/rich-html'
import type { Ques, Question } from '@/features/bank/api'
import type { Feedback } from '@/features/exam/session-store'
import { type MessageKey, t } from '@/i18n/sub'
import { chooseAndUploadImages } from '@/services/upload'
import { normaliseChoice } from '../../../../../shared/rules/scoring'
import { registerDraft } from './drafts'
import QuestionTools from './tools'
import './index.scss'

export interface QuestionCardProps {
  question: Question
  index: number
  total: number
  /** the learner's saved answer */
  ques: Ques | undefined
  /** the grade to show (practice after answering; explanations) */
  feedback?: Feedback | null
  /** show the correct answer and the analysis (memorise, after feedback, explanations) */
  reveal?: boolean
  /** no answering (memorise, explanations, submitted) */
  readOnly?: boolean
  /** multiple choice / composite / essay wait for a confirm tap (practice), else every change is an answer */
  confirm?: boolean
  onAnswer?: (ques: Ques) => void
  /** the note and ask actions (not while a timed test holds the question) */
  tools?: boolean
}

const TYPE_KEY: Record<number, MessageKey> = {
  1: 'bank.type.1',
  2: 'bank.type.2',
  3: 'bank.type.3',
  4: 'bank.type.4',
  5: 'bank.type.5',
}

const STATE_KEY: Record<string, MessageKey> = {
  right: 'bank.state.right',
  wrong: 'bank.state.wrong',
  partial: 'bank.state.partial',
  pending: 'bank.state.pending',
}

function chosenSet(v: unknown): string[] {
  const n = normaliseChoice(v)
  return n ? n.split(',') : []
}

function essayText(ques: Ques | undefined): string {
  if (typeof ques === 'string') return ques
  if (ques && typeof ques === 'object' && !Array.isArray(ques)) return ques.text ?? ''
  return ''
}

function essayImages(ques: Ques | undefined): string[] {
  if (ques && typeof ques === 'object' && !Array.isArray(ques)) return ques.imageList ?? []
  return []
}

/** Images an essay answer may carry. */
export const ESSAY_MAX_IMAGES = 3

interface EssayImagesProps {
  images: string[]
  readOnly: boolean
  /** upload progress (percent) while an upload for this question runs */
  uploading: number | null
  /** no other upload of this card is running (one at a time, whichever question it is for) */
  canAdd: boolean
  onAdd: () => void
  onRemove: (index: number) => void
}

function EssayImages({ images, readOnly, uploading, canAdd, onAdd, onRemove }: EssayImagesProps) {
  if (readOnly && images.length === 0) return null
  const urls = images.map(imageUrl)
  const preview = (i: number) => Taro.previewImage({ current: urls[i], urls }).catch(() => undefined)
  return (
    <View className="essay-images">
      {images.map((url, i) => (
        <View key={url} className={`essay-image essay-image-${i}`}>
          <Image
            className="essay-image-thumb"
            src={urls[i]!}
            mode={readOnly ? 'aspectFit' : 'aspectFill'}
            onClick={() => preview(i)}
          />
          {!readOnly && (
            <View className="essay-image-remove" onClick={() => onRemove(i)}>
              <Text>{t('bank.essay.removeImage')}</Text>
            </View>
          )}
        </View>
      ))}
      {uploading !== null && (
        <View className="essay-image is-uploading">
          <Text>{t('upload.progress', { n: uploading })}</Text>
        </View>
      )}
      {!readOnly && canAdd && images.length < ESSAY_MAX_IMAGES && (
        <View className="essay-image-add" onClick={onAdd}>
          <Text className="essay-image-add-icon">+</Text>
          <Text>{t('bank.essay.addImage')}</Text>
        </View>
      )}
    </View>
  )
}

/** Judgement questions may come without options: A 正确 / B 错误. */
function optionsOf(type: number, list: Question['optionsList']) {
  if (type === 3 && list.length === 0)
    return [
      { label: 'A', content: t('bank.judge.true') },
      { label: 'B', content: t('bank.judge.false') },
    ]
  return list
}

interface ChoiceProps {
  type: 1 | 2 | 3
  options: Question['optionsList']
  chosen: string[]
  correct: string[] | null
  disabled: boolean
  onTap: (label: string) => void
  prefix?: string
}

function Choices({ type, options, chosen, correct, disabled, onTap, prefix = '' }: ChoiceProps) {
  return (
    <View className={`question-options${type === 2 ? ' is-multiple' : ''}`}>
      {optionsOf(type, options).map((o) => {
        const label = o.label.toUpperCase()
        const on = chosen.includes(label)
        const right = correct?.includes(label)
        const cls = [
          'question-option',
          `${prefix}option-${label}`,
          on ? 'is-chosen' : '',
          correct && right ? 'is-correct' : '',
          correct && on && !right ? 'is-error' : '',
          disabled ? 'is-disabled' : '',
        ]
          .filter(Boolean)
          .join(' ')
        return (
          <View key={label} className={cls} onClick={() => !disabled && onTap(label)}>
            <Text className="question-option-label">{label}</Text>
            <RichHtml className="question-option-text" html={o.content} />
          </View>
        )
      })}
    </View>
  )
}

function toggle(list: string[], label: string): string {
  const next = list.includes(label) ? list.filter((x) => x !== label) : [...list, label]
  return normaliseChoice(next.join(','))
}

/** One question of any of the five types, answerable, with its feedback and explanation. */
export default function QuestionCard({
  question: q,
  index,
  total,
  ques,
  feedback,
  reveal = false,
  readOnly = false,
  confirm = false,
  onAnswer,
  tools = false,
}: QuestionCardProps) {
  // a draft for the answers that wait for confirm (and the essay text being typed)
  const [draft, setDraft] = useState<Ques | undefined>(ques)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the draft when the question or saved answer changes
  useEffect(() => setDraft(ques), [q.questionId, JSON.stringify(ques ?? null)])

  const answer = (v: Ques) => onAnswer?.(v)

  // an essay typed but not saved yet can be saved from outside (commitDrafts: the exam's time is up)
  const unsaved = useRef<(() => void) | null>(null)
  unsaved.current =
    q.type === 5 && !readOnly && onAnswer
      ? () => {
          const text = essayText(draft)
          if (text !== essayText(ques)) onAnswer({ text, imageList: essayImages(draft) })
        }
      : null
  useEffect(() => registerDraft(() => unsaved.current?.()), [])

  // Essay images: the upload belongs to the question it started on (the card is reused across questions).
  const [upload, setUpload] = useState<{ questionId: number; percent: number } | null>(null)
  const latestDraft = useRef(new Map<number, Ques | undefined>())
  latestDraft.current.set(q.questionId, draft)
  const currentId = useRef(q.questionId)
  currentId.current = q.questionId
  const uploading = upload?.questionId === q.questionId ? upload.percent : null

  const setEssay = (questionId: number, imageList: string[], save: (v: Ques) => void) => {
    const next = { text: essayText(latestDraft.current.get(questionId)), imageList }
    latestDraft.current.set(questionId, next)
    if (currentId.current === questionId) setDraft(next)
    save(next)
  }
  const addImages = async () => {
    if (upload) return
    const questionId = q.questionId
    const save = answer // this render's onAnswer is bound to this question
    const room = ESSAY_MAX_IMAGES - essayImages(draft).length
    setUpload({ questionId, percent: 0 })
    try {
      const files = await chooseAndUploadImages({
        count: room,
        onProgress: (percent) => setUpload({ questionId, percent }),
      })
      if (files.length > 0) {
        const before = essayImages(latestDraft.current.get(questionId))
        setEssay(questionId, [...before, ...files.map((f) => f.url)].slice(0, ESSAY_MAX_IMAGES), save)
      }
    } catch {
      // the upload service has told the learner; nothing is added
    } finally {
      setUpload(null)
    }
  }
  const removeImage = (index: number) =>
    setEssay(
      q.questionId,
      essayImages(draft).filter((_, i) => i !== index),
      answer,
    )
  const showCorrect = reveal && q.ans !== null
  const needsConfirm = confirm && (q.type === 2 || q.type === 4)

  const body = () => {
    if (q.type === 1 || q.type === 3 || q.type === 2) {
      const current = needsConfirm ? draft : ques
      return (
        <Choices
          type={q.type}
          options={q.optionsList}
          chosen={chosenSet(current)}
          correct={showCorrect ? chosenSet(q.ans) : null}
          disabled={readOnly}
          onTap={(label) => {
            if (q.type !== 2) return answer(label)
            const next = toggle(chosenSet(current), label)
            if (needsConfirm) setDraft(next)
            else answer(next)
          }}
        />
      )
    }
    if (q.type === 4) {
      const current = (needsConfirm ? draft : ques) as Ques | undefined
      const subs: string[] = Array.isArray(current) ? current : []
      return (
        <View className="question-subs">
          {q.subQuestions.map((s, i) => {
            const value = subs[i] ?? ''
            const set = (v: string) => {
              const next = q.subQuestions.map((_, j) => (j === i ? v : (subs[j] ?? '')))
              if (needsConfirm) setDraft(next)
              else answer(next)
            }
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: sub-questions are positional
              <View key={i} className={`question-sub question-sub-${i}`}>
                <View className="question-sub-head">
                  <Text className="question-type">{t(TYPE_KEY[s.type])}</Text>
                  <Text className="question-sub-no">{`(${i + 1})`}</Text>
                </View>
                <RichHtml className="question-sub-title" html={s.title} />
                <Choices
                  type={s.type}
                  prefix={`sub-${i}-`}
                  options={s.optionsList}
                  chosen={chosenSet(value)}
                  correct={reveal && s.ans !== null ? chosenSet(s.ans) : null}
                  disabled={readOnly}
                  onTap={(label) => set(s.type === 2 ? toggle(chosenSet(value), label) : label)}
                />
                {reveal && s.ans !== null && (
                  <View className="question-answer">
                    <Text>{t('bank.correctAnswer', { ans: s.ans })}</Text>
                  </View>
                )}
                {reveal && !!s.analysis && <RichHtml className="question-analysis" html={s.analysis} />}
              </View>
            )
          })}
        </View>
      )
    }
    const text = essayText(draft)
    const images = essayImages(draft)
    return (
      <View className="question-essay">
        <Textarea
          className="essay-input"
          value={text}
          disabled={readOnly}
          maxlength={20_000}
          autoHeight
          placeholder={t('bank.essay.placeholder')}
          onInput={(e) => setDraft({ text: e.detail.value, imageList: images })}
          onBlur={() => {
            if (!readOnly && text !== essayText(ques)) answer({ text, imageList: images })
          }}
        />
        <EssayImages
          images={images}
          readOnly={readOnly}
          uploading={uploading}
          canAdd={upload === null}
          onAdd={addImages}
          onRemove={removeImage}
        />
        {!readOnly && <Text className="question-essay-note">{t('bank.essay.imageHint', { n: ESSAY_MAX_IMAGES })}</Text>}
      </View>
    )
  }

  const confirmable = !readOnly && (needsConfirm || q.type === 5)
  const state = feedback?.state
  return (
    <View className={`question-card question-type-${q.type}${state ? ` is-${state}` : ''}`}>
      <View className="question-head">
        <Text className="question-type">{t(TYPE_KEY[q.type])}</Text>
        <Text className="question-no">{`${index + 1}/${total}`}</Text>
        <Text className="question-score">{t('bank.score', { n: q.score })}</Text>
      </View>
      <RichHtml className="question-stem" html={q.title} />
      {body()}
      {confirmable && (
        <View
          className={`option-confirm${q.type === 5 && uploading !== null ? ' is-disabled' : ''}`}
          onClick={() => {
            if (q.type !== 5) {
              if (draft !== undefined) answer(draft)
            } else if (uploading !== null) {
              Taro.showToast({ title: t('bank.essay.waitUpload'), icon: 'none', duration: 2000 })
            } else answer({ text: essayText(draft), imageList: essayImages(draft) })
          }}
        >
          <Text>{q.type === 5 ? t('bank.essay.save') : t('bank.confirm')}</Text>
        </View>
      )}
      {state && STATE_KEY[state] && (
        <View className={`question-feedback is-${state}`}>
          <Text className="question-feedback-state">{t(STATE_KEY[state])}</Text>
          {state !== 'pending' && (
            <Text className="question-feedback-earned">{t('bank.earned', { n: feedback.earned })}</Text>
          )}
        </View>
      )}
      {reveal && (
        <View className="question-explain">
          {q.ans !== null && q.type !== 4 && (
            <View className="question-answer">
              <Text>{q.type === 5 ? t('bank.reference') : t('bank.correctAnswer', { ans: q.ans })}</Text>
              {q.type === 5 && <RichHtml className="question-reference" html={q.ans} />}
            </View>
          )}
          {q.ans === null && <Text className="question-no-answer">{t('bank.noAnswerAccess')}</Text>}
          {q.type !== 4 || q.analysis ? (
            <View className="question-analysis">
              <Text className="question-analysis-title">{t('bank.analysis')}</Text>
              <RichHtml html={q.analysis || t('bank.noAnalysis')} />
            </View>
          ) : null}
        </View>
      )}
      {tools && <QuestionTools questionId={q.questionId} title={q.title} />}
    </View>
  )
}
