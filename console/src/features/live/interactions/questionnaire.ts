/**
 * The running questionnaire and its results (pushed to moderators); events of an earlier one change nothing. Pure:
 * ../room.ts folds these into the room.
 */
import { type KindEvents, type QuestionnaireRun, stripEvent } from './types'

export type QuestionnairePart = { questionnaire: QuestionnaireRun | null }

export const questionnaireEvents: KindEvents<QuestionnairePart> = {
  START_QUESTIONNAIRE: (s, p) => {
    const { questionnaireId, title, items } = p
    if (s.questionnaire?.questionnaireId === questionnaireId) return s
    return { ...s, questionnaire: { questionnaireId, title, items, result: null, stopped: false } }
  },
  QUESTIONNAIRE_RESULT: (s, p) => {
    const result = p
    if (s.questionnaire?.questionnaireId !== result.questionnaireId) return s
    return { ...s, questionnaire: { ...s.questionnaire, result: stripEvent(result) } }
  },
  STOP_QUESTIONNAIRE: (s, p) => {
    const { questionnaireId, result } = p
    if (s.questionnaire?.questionnaireId !== questionnaireId) return s
    return {
      ...s,
      questionnaire: { ...s.questionnaire, stopped: true, result: result ?? s.questionnaire.result },
    }
  },
}
