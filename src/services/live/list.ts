/** The chat list's rules shared by the live client and the playback replay. Pure. */
import type { ChatMessage } from '../../../contract/schemas/live-codes'

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
