/**
 * What the chat server reads and writes in the database, every query scoped to the tenant of the socket's chat
 * token (TenantScope). Rows that every message consults (the channel's closed flag, the session's state, the
 * tenant's censored words) are cached here for a few seconds; a change made through this server drops the
 * cache at once, on every process (index.ts passes the drop on).
 */
import type { IncomingHttpHeaders } from 'node:http'
import { desc, eq, gt, sql } from 'drizzle-orm'
import type { ChatUser, LiveState } from '../../../../../contract/schemas/live-codes'
import type { AppConfig } from '../../../config'
import type { Db } from '../../../db'
import {
  config as configTable,
  liveBan,
  liveChannel,
  liveChat,
  liveSession,
  liveWatch,
  sysUser,
} from '../../../db/schema'
import { TenantScope } from '../../../http/core'
import { TtlCache } from '../../../services/shared/ttl-cache'
import { ownUpload } from '../../../services/upload/own'

/** the tenant config row that holds a JSON array of censored words */
export const CENSOR_CONFIG_KEY = 'live.censorWords'
const CHANNEL_CACHE_MS = 5000
const SESSION_CACHE_MS = 5000
const CENSOR_CACHE_MS = 30_000

export interface ChannelInfo {
  chatClosed: boolean
  bulletin: string
  likes: number
}

/** `<` and `>` become entities (spec §5); the rest of the text is kept as the learner typed it. */
export const escapeText = (s: string) => s.replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The longest name the chat sends and keeps: an account's 30-character name with every character escaped. */
export const CHAT_NICK_MAX = 120

/**
 * A name as the chat's protocol carries it (tokens, messages, online lists, history, the Polyv viewer check): the
 * account's nickname (else its masked phone) as typed, at most 30 characters, escaped like chat text, since
 * Polyv-style clients render names as HTML. The profile keeps what the learner typed. Escaping twice changes
 * nothing, so the chat server escapes what a token carries again.
 */
export const chatNick = (name: string) => escapeText(name.slice(0, 30))

/** A picture address the chat may carry (a path of ours or an http(s) URL; avatars are uploads, so this is a net). */
export const chatPic = (pic: string) => (/^(\/(?![/\\])|https?:\/\/)\S*$/i.test(pic) ? pic.slice(0, 500) : '')

export class ChatData {
  private readonly channels = new TtlCache<ChannelInfo | null>(CHANNEL_CACHE_MS)
  private readonly sessions = new TtlCache<LiveState | null>(SESSION_CACHE_MS)
  private readonly liveSessions = new TtlCache<number | null>(SESSION_CACHE_MS)
  private readonly censor = new TtlCache<string[]>(CENSOR_CACHE_MS, 1000)

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
  ) {}

  /** The session's state when it is a session of that channel in that tenant, else null. */
  async sessionState(tenantId: number, channelId: number, sessionId: number, fresh = false): Promise<LiveState | null> {
    const load = async () => {
      const s = new TenantScope(tenantId)
      const [row] = await this.db
        .select({ state: liveSession.state })
        .from(liveSession)
        .where(s.where(liveSession, eq(liveSession.id, sessionId), eq(liveSession.channelId, channelId)))
      return row ? (row.state as LiveState) : null
    }
    const key = `${tenantId}:${channelId}:${sessionId}`
    if (fresh) this.sessions.drop(key)
    return this.sessions.get(key, load)
  }
  dropSession(key: string) {
    this.sessions.drop(key)
    // `<tenant>:<channel>:<session>`: the channel's live session may have changed with it
    this.liveSessions.drop(key.split(':').slice(0, 2).join(':'))
  }

  /** The channel's live session now (cached like the states; a state event drops it), or null. */
  liveSessionOf(tenantId: number, channelId: number): Promise<number | null> {
    return this.liveSessions.get(`${tenantId}:${channelId}`, async () => {
      const s = new TenantScope(tenantId)
      const [row] = await this.db
        .select({ id: liveSession.id })
        .from(liveSession)
        .where(s.where(liveSession, eq(liveSession.channelId, channelId), eq(liveSession.state, 'live')))
        .orderBy(desc(liveSession.startedAt))
        .limit(1)
      return row?.id ?? null
    })
  }

  async channel(tenantId: number, channelId: number, fresh = false): Promise<ChannelInfo | null> {
    const load = async () => {
      const s = new TenantScope(tenantId)
      const [row] = await this.db
        .select({ chatClosed: liveChannel.chatClosed, bulletin: liveChannel.bulletin, likes: liveChannel.likes })
        .from(liveChannel)
        .where(s.where(liveChannel, eq(liveChannel.id, channelId)))
      return row ?? null
    }
    const key = `${tenantId}:${channelId}`
    if (fresh) this.channels.drop(key)
    return this.channels.get(key, load)
  }
  dropChannel(key: string) {
    this.channels.drop(key)
  }

  async setChannel(tenantId: number, channelId: number, set: { chatClosed?: boolean; bulletin?: string }) {
    const s = new TenantScope(tenantId)
    await this.db
      .update(liveChannel)
      .set(set)
      .where(s.where(liveChannel, eq(liveChannel.id, channelId)))
    this.channels.drop(`${tenantId}:${channelId}`)
  }

  /** Adds merged likes; answers the channel's new total. */
  async addLikes(tenantId: number, channelId: number, n: number): Promise<number> {
    const s = new TenantScope(tenantId)
    const [row] = await this.db
      .update(liveChannel)
      .set({ likes: sql`${liveChannel.likes} + ${n}` })
      .where(s.where(liveChannel, eq(liveChannel.id, channelId)))
      .returning({ likes: liveChannel.likes })
    return row?.likes ?? 0
  }

  /** The tenant's censored words (config row live.censorWords, a JSON array of strings), lower-cased. */
  censorWords(tenantId: number): Promise<string[]> {
    return this.censor.get(String(tenantId), async () => {
      const s = new TenantScope(tenantId)
      const [row] = await this.db
        .select({ value: configTable.configValue })
        .from(configTable)
        .where(s.where(configTable, eq(configTable.configKey, CENSOR_CONFIG_KEY)))
      if (!row) return []
      try {
        const list: unknown = JSON.parse(row.value)
        if (!Array.isArray(list)) return []
        return list
          .filter((w): w is string => typeof w === 'string')
          .map((w) => w.trim().toLowerCase())
          .filter((w) => w.length > 0)
      } catch {
        return []
      }
    })
  }

  /** epoch ms until which the user is banned in the channel, 0 when not */
  async banUntil(tenantId: number, channelId: number, userId: number): Promise<number> {
    const s = new TenantScope(tenantId)
    const [row] = await this.db
      .select({ expiresAt: liveBan.expiresAt })
      .from(liveBan)
      .where(
        s.where(
          liveBan,
          eq(liveBan.channelId, channelId),
          eq(liveBan.userId, userId),
          gt(liveBan.expiresAt, new Date()),
        ),
      )
    return row ? row.expiresAt.getTime() : 0
  }

  async ban(tenantId: number, channelId: number, userId: number, until: number, byUserId: number) {
    const s = new TenantScope(tenantId)
    const expiresAt = new Date(until)
    await this.db
      .insert(liveBan)
      .values(s.row({ channelId, userId, expiresAt, byUserId }))
      .onConflictDoUpdate({
        target: [liveBan.tenantId, liveBan.channelId, liveBan.userId],
        set: { expiresAt, byUserId, createdAt: new Date() },
      })
  }

  async unban(tenantId: number, channelId: number, userId: number) {
    const s = new TenantScope(tenantId)
    await this.db.delete(liveBan).where(s.where(liveBan, eq(liveBan.channelId, channelId), eq(liveBan.userId, userId)))
  }

  /** whether the account exists in the tenant (targets of moderation) */
  async userExists(tenantId: number, userId: number): Promise<boolean> {
    const s = new TenantScope(tenantId)
    const [row] = await this.db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(s.where(sysUser, eq(sysUser.id, userId)))
    return !!row
  }

  /** a message of this session that is still shown (a quote must name one) */
  async messageExists(tenantId: number, sessionId: number, id: number): Promise<boolean> {
    const s = new TenantScope(tenantId)
    const [row] = await this.db
      .select({ id: liveChat.id })
      .from(liveChat)
      .where(s.where(liveChat, eq(liveChat.sessionId, sessionId), eq(liveChat.id, id), eq(liveChat.removed, false)))
    return !!row
  }

  async insertChat(
    tenantId: number,
    room: { channelId: number; sessionId: number },
    user: ChatUser,
    event: 'SPEAK' | 'CHAT_IMG',
    content: string,
    quoteId?: number,
  ): Promise<{ id: number; time: number }> {
    const s = new TenantScope(tenantId)
    const [row] = await this.db
      .insert(liveChat)
      .values(
        s.row({
          channelId: room.channelId,
          sessionId: room.sessionId,
          userId: user.userId,
          nick: user.nick.slice(0, CHAT_NICK_MAX),
          pic: user.pic.slice(0, 500),
          userType: user.userType,
          event,
          content,
          quoteId: quoteId ?? null,
        }),
      )
      .returning({ id: liveChat.id, createdAt: liveChat.createdAt })
    return { id: row!.id, time: row!.createdAt.getTime() }
  }

  /** marks one message of the session removed; false when the session has no such message */
  async removeMessage(tenantId: number, sessionId: number, id: number): Promise<boolean> {
    const s = new TenantScope(tenantId)
    const rows = await this.db
      .update(liveChat)
      .set({ removed: true })
      .where(s.where(liveChat, eq(liveChat.sessionId, sessionId), eq(liveChat.id, id)))
      .returning({ id: liveChat.id })
    return rows.length > 0
  }

  async removeHistory(tenantId: number, channelId: number, sessionId: number) {
    const s = new TenantScope(tenantId)
    await this.db
      .update(liveChat)
      .set({ removed: true })
      .where(
        s.where(
          liveChat,
          eq(liveChat.channelId, channelId),
          eq(liveChat.sessionId, sessionId),
          eq(liveChat.removed, false),
        ),
      )
  }

  /** credits study seconds (and, for playback, the position) to the user's watch row of the session */
  async credit(
    tenantId: number,
    w: { userId: number; channelId: number; sessionId: number; mode: 'live' | 'playback' },
    seconds: number,
    position: number | undefined,
  ) {
    const s = new TenantScope(tenantId)
    const now = new Date()
    await this.db
      .insert(liveWatch)
      .values(s.row({ ...w, creditedSeconds: seconds, position: position ?? 0, updatedAt: now }))
      .onConflictDoUpdate({
        target: [liveWatch.tenantId, liveWatch.userId, liveWatch.sessionId, liveWatch.mode],
        set: {
          creditedSeconds: sql`${liveWatch.creditedSeconds} + ${seconds}`,
          ...(position === undefined ? {} : { position }),
          updatedAt: now,
        },
      })
  }

  /**
   * The canonical URL of an image the sender uploaded, by the rule of every upload field (services/upload/own.ts:
   * the store's URL, `/oss/<key>` relative or on the origin the socket reached, or the key); a refusal (AppError
   * 400 naming `values`) otherwise.
   */
  async chatImage(tenantId: number, userId: number, url: string, headers: IncomingHttpHeaders): Promise<string> {
    const caller = { db: this.db, scope: new TenantScope(tenantId), config: this.config }
    return (await ownUpload(caller, userId, url, 'values', { headers })).url
  }
}
