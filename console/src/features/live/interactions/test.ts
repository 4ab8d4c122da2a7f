/**
 * The running test question and its result; the result everyone gets comes at the stop (or the time-out). Pure:
 * ../room.ts folds these into the room.
 */
import { type KindEvents, stripEvent, type TestRun } from './types'

export type TestPart = { test: TestRun | null }

export const testEvents: KindEvents<TestPart> = {
  GET_TEST_QUESTION_CONTENT: (s, p) => {
    const content = stripEvent(p)
    if (s.test?.content.testId === content.testId) return s
    return { ...s, test: { content, result: null, stopped: false } }
  },
  GET_TEST_QUESTION_RESULT: (s, p) => {
    const result = stripEvent(p)
    if (s.test?.content.testId !== result.testId) return s
    // the result everyone gets comes at the stop (or the time-out)
    const over = Date.now() >= s.test.content.endsAt
    return { ...s, test: { ...s.test, result, stopped: s.test.stopped || over } }
  },
}
