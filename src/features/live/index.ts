/**
 * Live chat: the one place that opens a socket (ARCHITECTURE.md). Import from here in live pages only; nothing
 * of it may reach the main package or the H5 entry.
 */

export { escapeChat, isChatMessage, mergeMessages, unescapeChat } from '../../../shared/live/chat'
export { bannedUntil, setBan } from './chat/bans'
export {
  chatUrl,
  createLiveClient,
  LiveClient,
  type LiveClientOptions,
  type LiveEvent,
  type LiveRoomState,
  type LiveStatus,
  MAX_KEPT,
  type SendResult,
} from './chat/client'
export { ChatReplay, REPLAY_LOOKAHEAD_S, REPLAY_SHOWN, type ReplayState } from './chat/replay'
export { checkChatOptions, checkProviderSetup, LiveParamError } from './chat/text'
export { type IxMessageKey, ix } from './interactions/messages'
export {
  type AnswerCard,
  type CheckinCard,
  type ControlState,
  checkQuestionnaire,
  type InteractionState,
  type IxEvent,
  type IxResult,
  isMultiple,
  type LotteryCard,
  type MicPhase,
  type MicState,
  type QuestionnaireCard,
  type QuestionsState,
  type RedPacket,
  RoomInteractions,
  type SystemLine,
  type Verdict,
  verdictOf,
} from './interactions/room'
export { type LiveMessageKey, lx } from './messages'
export { apiOrigin, mediaUrl } from './url'
