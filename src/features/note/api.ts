/**
 * Notes (/user/note*, docs/DECISIONS.md "Notes"): the learner's notes on a section at a video time or on a
 * question; `listDate` groups them by China day (a month, a date range, or all of one section / question).
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export { NOTE_LIST_MAX, NOTE_MAX } from '../../../contract/schemas/note-codes'

export type NoteDays = RouteData<'GET /user/note/listDate'>
export type NoteDay = NoteDays['days'][number]
export type Note = NoteDay['notes'][number]
export type NoteQuery = RouteInput<'GET /user/note/listDate'>['query']
export type NewNote = RouteInput<'POST /user/note'>['body']

export function noteListDate(query: NoteQuery, opts?: CallOptions) {
  return call('GET /user/note/listDate', { query }, opts)
}

/** A note at `videoTime` seconds of a section (goodsId: the goods being played), or on a question. */
export function addNote(body: NewNote, opts?: CallOptions) {
  return call('POST /user/note', { body }, opts)
}

export function editNote(id: number, content: string, opts?: CallOptions) {
  return call('POST /user/note/edit', { body: { id, content } }, opts)
}

export function deleteNote(id: number, opts?: CallOptions) {
  return call('POST /user/note/edit', { body: { id, delete: true } }, opts)
}
