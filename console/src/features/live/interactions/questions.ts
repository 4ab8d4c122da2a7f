/**
 * Questions to the teacher: one row per question, the answer replacing it; upvotes. Pure: ../room.ts folds these into
 * the room.
 */
import type { LiveQuestion } from '../../../../../contract/schemas/live-interactions'
import { type KindEvents, stripEvent } from './types'

export type QuestionsPart = { questions: LiveQuestion[] }

export const questionsEvents: KindEvents<QuestionsPart> = {
  S_QUESTION: (s, p) => answerOrAsk(s, p),
  T_ANSWER: (s, p) => answerOrAsk(s, p),
  QUESTION_UPVOTE: (s, p) => {
    const { questionId, upvotes } = p
    return { ...s, questions: s.questions.map((q) => (q.questionId === questionId ? { ...q, upvotes } : q)) }
  },
}

/** a question asked, or its answer: one row per question */
const answerOrAsk = <S extends QuestionsPart>(s: S, p: object): S => ({
  ...s,
  questions: upsertQuestion(s.questions, stripEvent(p) as unknown as LiveQuestion),
})

/** One row per question, newest first; a later copy (the answer, upvotes) merges into its row. */
export const upsertQuestion = (list: LiveQuestion[], q: LiveQuestion): LiveQuestion[] => {
  const i = list.findIndex((x) => x.questionId === q.questionId)
  if (i < 0) return [q, ...list].sort((x, y) => y.time - x.time || y.questionId - x.questionId)
  const next = list.slice()
  next[i] = { ...list[i], ...q }
  return next
}
