/**
 * Q and A (/app/answer*, docs/DECISIONS.md "Questions and answers"): ask the school's teachers about a course (or
 * a section of it) or a question, with images uploaded through src/services/upload; my questions with the
 * teachers' replies (a reply listed counts as seen: `unread` marks the ones new to this list).
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export { ANSWER_MAX, ANSWER_MAX_IMAGES, ANSWER_STATUS } from '../../../contract/schemas/answer-codes'

export type AnswerPage = RouteData<'GET /app/answer/list'>
export type Answer = AnswerPage['rows'][number]
export type AnswerQuery = RouteInput<'GET /app/answer/list'>['query']
export type NewAnswer = RouteInput<'POST /app/answer'>['body']

export function answerList(query: AnswerQuery, opts?: CallOptions) {
  return call('GET /app/answer/list', { query }, opts)
}

export function ask(body: NewAnswer, opts?: CallOptions) {
  return call('POST /app/answer', { body }, opts)
}

/** Change an unanswered question's text and images. */
export function editAnswer(id: number, change: { content?: string; imageList?: string[] }, opts?: CallOptions) {
  return call('POST /app/answer/edit', { body: { id, ...change } }, opts)
}

export function deleteAnswer(id: number, opts?: CallOptions) {
  return call('POST /app/answer/edit', { body: { id, delete: true } }, opts)
}
