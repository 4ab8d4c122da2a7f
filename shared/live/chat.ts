/**
 * The chat's list and text rules both clients use (the app's room and replay, the console's room). Pure: no Taro,
 * no DOM. The server applies the same text rules (it is the guard); the clients' are a courtesy.
 */
import { type ChatMessage, LIVE } from '../../contract/schemas/live-codes'

/** Merge messages by id (a later copy wins), oldest first. */
export function mergeMessages(a: readonly ChatMessage[], b: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>()
  for (const m of a) byId.set(m.id, m)
  for (const m of b) byId.set(m.id, m)
  return [...byId.values()].sort((x, y) => x.id - y.id)
}

export function isChatMessage(v: unknown): v is ChatMessage {
  const m = v as ChatMessage | null
  return (
    !!m &&
    typeof m.id === 'number' &&
    (m.EVENT === 'SPEAK' || m.EVENT === 'CHAT_IMG') &&
    typeof m.content === 'string' &&
    !!m.user &&
    typeof m.user.userId === 'number'
  )
}

/** Trim and escape `<` and `>` (spec §5). Nothing else is touched: the server stores what it is sent. */
export function escapeChat(text: string): string {
  return text.trim().replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The text as a learner typed it, from a stored message (only `<` `>` are escaped; `&` stays as typed): for a text
 * node, never for HTML.
 */
export function unescapeChat(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>')
}

/** Length as a person counts it (an emoji is one character). */
export function chatLength(text: string): number {
  return Array.from(text.trim()).length
}

/** Room text too long after trimming (spec: server MAX_TEXT). */
export const tooLong = (text: string) => chatLength(text) > LIVE.MAX_TEXT
