/**
 * The live room's door for its screens (./room): the chat client (./chat, on the chat core of shared/live over the
 * one socket door src/services/live), the interactions' store (./interactions) and their messages. It carries the
 * socket client: list pages and other features import the small root files (./messages.ts, ./links.ts, ./api.ts)
 * instead, so nothing of the socket reaches the main package or the H5 entry.
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
