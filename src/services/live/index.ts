/**
 * Live chat: the one place that opens a socket (ARCHITECTURE.md). Import from here in live pages only; nothing
 * of it may reach the main package or the H5 entry.
 */
export { bannedUntil, setBan } from './bans'
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
} from './client'
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
} from './interactions'
export { type IxMessageKey, ix } from './ix-messages'
export { isChatMessage, mergeMessages } from './list'
export { type LiveMessageKey, lx } from './messages'
export { ChatReplay, REPLAY_LOOKAHEAD_S, REPLAY_SHOWN, type ReplayState } from './replay'
export { checkChatOptions, checkProviderSetup, escapeChat, LiveParamError, unescapeChat } from './text'
export { apiOrigin, mediaUrl } from './url'
