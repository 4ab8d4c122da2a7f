/**
 * The room's chat: the message list (own / other bubbles, role badges, images with preview, 'more history' at the
 * top, a new-message pill while scrolled up) and the input bar (emoji panel, image, send, like with a floating
 * count), disabled with the reason when the room is closed, I am banned (until when), kicked, entered elsewhere
 * or not connected.
 */
import { Image, Input, ScrollView, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Smile from 'lucide/dist/esm/icons/face-slightly-smiling.mjs'
import ImageGlyph from 'lucide/dist/esm/icons/image.mjs'
import ThumbsUp from 'lucide/dist/esm/icons/thumbs-up.mjs'
import { memo, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import Icon from '@/components/icon'
import { imageUrl } from '@/components/link'
import type { LiveClient, LiveRoomState } from '@/features/live'
import { lx, unescapeChat } from '@/features/live'
import { getLocale } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { chooseAndUploadImages } from '@/services/upload'
import { type ChatMessage, LIVE } from '../../../../contract/schemas/live-codes'
import { EMOJI } from './emoji'

/** Near the bottom within this (px): new messages keep the list at the bottom. */
const BOTTOM_SLACK = 80
/** A time line between messages further apart than this. */
const TIME_GAP_MS = 5 * 60_000

const ROLE_KEYS = {
  lecturer: 'role.lecturer',
  administrator: 'role.administrator',
  assistant: 'role.assistant',
} as const

export function RoleBadge({ actor }: { actor: ChatMessage['user']['actor'] }) {
  if (actor === 'student') return null
  return <Text className={`lv-badge is-${actor}`}>{lx(ROLE_KEYS[actor])}</Text>
}

function Avatar({ pic, nick }: { pic: string; nick: string }) {
  if (pic) return <Image className="lv-avatar" src={imageUrl(pic)} mode="aspectFill" lazyLoad />
  return (
    <View className="lv-avatar is-initial">
      <Text>{Array.from(nick || '?')[0]}</Text>
    </View>
  )
}

const clock = (ms: number) => formatDate(Math.floor(ms / 1000), { time: true })

export const ChatBubble = memo(function ChatBubble({
  m,
  mine,
  onPreview,
}: {
  m: ChatMessage
  mine: boolean
  onPreview: (url: string) => void
}) {
  const image = m.EVENT === 'CHAT_IMG' || m.msgSource === 'chatImg'
  return (
    <View
      id={`lv-msg-${m.id}`}
      className={`lv-msg lv-msg-${m.id} ${mine ? 'is-mine' : 'is-other'} role-${m.user.actor}`}
    >
      <Avatar pic={m.user.pic} nick={unescapeChat(m.user.nick)} />
      <View className="lv-msg-body">
        <View className="lv-msg-head">
          {!mine && <Text className="lv-nick">{unescapeChat(m.user.nick)}</Text>}
          <RoleBadge actor={m.user.actor} />
          {mine && <Text className="lv-nick">{lx('role.me')}</Text>}
        </View>
        {image ? (
          <Image
            className="lv-msg-img"
            src={imageUrl(m.content)}
            mode="widthFix"
            lazyLoad
            aria-label={lx('chat.imageAlt')}
            onClick={() => onPreview(m.content)}
          />
        ) : (
          <Text className="lv-bubble" userSelect>
            {unescapeChat(m.content)}
          </Text>
        )}
      </View>
    </View>
  )
})

/** A row that is not a chat message (a reward, flowers, a points packet), placed by its time (server epoch ms). */
export interface ExtraRow {
  key: string
  time: number
  node: ReactNode
}

export interface ChatListProps {
  messages: ChatMessage[]
  meId: number | null
  hasMore: boolean
  loadingHistory: boolean
  onMore: () => Promise<number>
  /** the live client: a message I sent brings the list to the bottom */
  client?: Pick<LiveClient, 'onEvent'> | null
  emptyText?: string
  /** system lines between the messages, oldest first */
  extra?: ExtraRow[]
}

const NO_EXTRA: ExtraRow[] = []

export function ChatList({
  messages,
  meId,
  hasMore,
  loadingHistory,
  onMore,
  client,
  emptyText,
  extra = NO_EXTRA,
}: ChatListProps) {
  // scrollIntoView: toggling between two end anchors scrolls to the bottom even when the last target was the same
  const [target, setTarget] = useState('lv-end-a')
  const [unread, setUnread] = useState(0)
  const atBottom = useRef(true)
  const viewHeight = useRef(0)
  const toBottom = useCallback(() => {
    atBottom.current = true
    setUnread(0)
    setTarget((t) => (t === 'lv-end-a' ? 'lv-end-b' : 'lv-end-a'))
  }, [])

  // the list's own height, to tell from a scroll event whether it is at the bottom
  useEffect(() => {
    try {
      Taro.createSelectorQuery()
        .select('.lv-chat-scroll')
        .boundingClientRect((r) => {
          const rect = Array.isArray(r) ? r[0] : r
          if (rect?.height) viewHeight.current = rect.height
        })
        .exec()
    } catch {
      // no layout to measure (tests): the bottom is judged by the scroll height alone
    }
  }, [])

  // my own message always brings the list down
  useEffect(() => {
    if (!client) return
    return client.onEvent((e) => {
      if (e.type === 'sent') toBottom()
    })
  }, [client, toBottom])

  // new messages at the end: follow them at the bottom, else count them on the pill; a list that changed
  // otherwise (cleared, a replay seeked back) shows its end
  const last = useRef<{ id: number; length: number } | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the end of the list only
  useEffect(() => {
    const prev = last.current
    const end = messages[messages.length - 1]
    last.current = end ? { id: end.id, length: messages.length } : null
    if (!end || (prev && prev.id === end.id)) return
    const at = prev ? messages.findIndex((m) => m.id === prev.id) : -1
    if (at < 0 || atBottom.current) {
      toBottom()
      return
    }
    const fresh = messages.slice(at + 1).filter((m) => m.user.userId !== meId).length
    if (fresh > 0) setUnread((n) => n + fresh)
  }, [messages[messages.length - 1]?.id, messages.length])

  // a system line at the end follows the list down like a message (when the list is at the bottom)
  const lastExtra = extra[extra.length - 1]?.key
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a new last system line only
  useEffect(() => {
    if (lastExtra && atBottom.current) toBottom()
  }, [lastExtra])

  const more = async () => {
    const oldest = messages[0]?.id
    const n = await onMore()
    // keep the message that was on top where it was
    if (n > 0 && oldest) setTarget(`lv-msg-${oldest}`)
  }

  const onScroll = (e: { detail?: { scrollTop?: number; scrollHeight?: number } }) => {
    const top = Number(e.detail?.scrollTop ?? 0)
    const height = Number(e.detail?.scrollHeight ?? 0)
    atBottom.current = height - top - viewHeight.current <= BOTTOM_SLACK
    if (atBottom.current && unread > 0) setUnread(0)
  }

  const images = useRef<string[]>([])
  images.current = useMemo(
    () => messages.filter((m) => m.EVENT === 'CHAT_IMG' || m.msgSource === 'chatImg').map((m) => imageUrl(m.content)),
    [messages],
  )
  // stable, so the bubbles (memo) do not re-render for every new message
  const preview = useCallback((url: string) => {
    Promise.resolve(Taro.previewImage({ current: imageUrl(url), urls: images.current })).catch(() => undefined)
  }, [])

  const rows: ReactNode[] = []
  let lastTime = 0
  let e = 0
  for (const m of messages) {
    while (e < extra.length && extra[e]!.time < m.time) rows.push(extra[e++]!.node)
    if (m.time - lastTime > TIME_GAP_MS)
      rows.push(
        <Text key={`t-${m.id}`} className="lv-time">
          {clock(m.time)}
        </Text>,
      )
    lastTime = m.time
    rows.push(<ChatBubble key={m.id} m={m} mine={meId !== null && m.user.userId === meId} onPreview={preview} />)
  }
  while (e < extra.length) rows.push(extra[e++]!.node)

  return (
    <View className="lv-chat-box">
      <ScrollView
        className="lv-chat-scroll"
        scrollY
        scrollIntoView={target}
        upperThreshold={40}
        onScroll={onScroll}
        onScrollToUpper={() => {
          if (hasMore && !loadingHistory) void more()
        }}
        onScrollToLower={() => {
          atBottom.current = true
          setUnread(0)
        }}
      >
        <View className="lv-history">
          {loadingHistory ? (
            <Text className="lv-history-text">{lx('chat.loadingHistory')}</Text>
          ) : hasMore ? (
            <Text className="lv-history-text lv-more-history" onClick={() => void more()}>
              {lx('chat.moreHistory')}
            </Text>
          ) : messages.length > 0 ? (
            <Text className="lv-history-text lv-no-more">{lx('chat.noMoreHistory')}</Text>
          ) : null}
        </View>
        {messages.length === 0 && extra.length === 0 && !loadingHistory && (
          <Text className="lv-chat-empty">{emptyText ?? lx('chat.empty')}</Text>
        )}
        {rows}
        <View id="lv-end-a" className="lv-end" />
        <View id="lv-end-b" className="lv-end" />
      </ScrollView>
      {unread > 0 && (
        <View className="lv-pill lv-new-pill" onClick={toBottom}>
          <Text>{lx('chat.newMessages', { n: unread > 99 ? '99+' : unread })}</Text>
        </View>
      )}
    </View>
  )
}

/** Why the input is off, with an action when there is one; null when I may speak. */
export function inputBlock(
  s: Pick<LiveRoomState, 'status' | 'failure' | 'chatClosed' | 'bannedUntil' | 'overtime'>,
  now: number,
): { text: string; action?: 'reenter' } | null {
  if (s.status === 'kicked') return { text: lx('chat.kicked') }
  if (s.status === 'loginKicked') return { text: lx('chat.loginKicked'), action: 'reenter' }
  if (s.status === 'failed') return { text: s.failure || lx('chat.failed') }
  if (s.bannedUntil > now) return { text: lx('chat.banned', { until: clock(s.bannedUntil) }) }
  if (s.chatClosed) return { text: lx('chat.closed') }
  if (s.overtime && s.status !== 'online') return { text: lx('chat.overtime') }
  if (s.status === 'reconnecting') return { text: lx('chat.reconnecting') }
  if (s.status !== 'online') return { text: lx('chat.connecting') }
  return null
}

export function EmojiPanel({ onPick }: { onPick: (char: string) => void }) {
  const en = getLocale() === 'en'
  return (
    <ScrollView className="lv-emoji-panel" scrollY>
      <View className="lv-emoji-grid">
        {EMOJI.map((e) => (
          <View key={e.char} className="lv-emoji" aria-label={en ? e.en : e.zh} onClick={() => onPick(e.char)}>
            <Text>{e.char}</Text>
          </View>
        ))}
      </View>
    </ScrollView>
  )
}

export function LikeButton({ likes, onLike }: { likes: number; onLike: () => boolean }) {
  const [floats, setFloats] = useState<number[]>([])
  const seq = useRef(0)
  useEffect(() => {
    if (floats.length === 0) return
    const t = setTimeout(() => setFloats((f) => f.slice(1)), 900)
    return () => clearTimeout(t)
  }, [floats])
  return (
    <View
      className="lv-like"
      aria-label={lx('room.like')}
      onClick={() => {
        if (onLike()) setFloats((f) => [...f.slice(-4), ++seq.current])
      }}
    >
      <Icon glyph={ThumbsUp} className="lv-like-icon" />
      <Text className="lv-like-count">{likes > 9999 ? `${(likes / 10000).toFixed(1)}w` : likes}</Text>
      {floats.map((id) => (
        <Text key={id} className="lv-like-float">
          +1
        </Text>
      ))}
    </View>
  )
}

/** Re-render when a ban runs out (the input comes back without a reload). */
function useBanExpiry(until: number): void {
  const [, tick] = useState(0)
  useEffect(() => {
    const left = until - Date.now()
    if (left <= 0) return
    const t = setTimeout(() => tick((n) => n + 1), Math.min(left + 50, 2 ** 31 - 1))
    return () => clearTimeout(t)
  }, [until])
}

export function ChatInput({ client, state }: { client: LiveClient | null; state: LiveRoomState }) {
  const [text, setText] = useState('')
  const [emoji, setEmoji] = useState(false)
  const [sending, setSending] = useState(false)
  useBanExpiry(state.bannedUntil)
  const block = inputBlock(state, Date.now())

  const send = async () => {
    if (!client || sending) return
    setSending(true)
    const r = await client.speak(text)
    setSending(false)
    if (r.ok) {
      setText('')
      setEmoji(false)
    }
  }
  const sendImage = async () => {
    if (!client) return
    const blocked = client.blockedReason()
    if (blocked) {
      Promise.resolve(Taro.showToast({ title: blocked.message ?? '', icon: 'none', duration: 2000 })).catch(
        () => undefined,
      )
      return
    }
    let files: Awaited<ReturnType<typeof chooseAndUploadImages>> = []
    try {
      files = await chooseAndUploadImages({ count: 1 })
    } catch {
      return // toasted by the upload service
    }
    if (files[0]) await client.sendImage(files[0].url)
  }

  return (
    <View className="lv-input-area">
      <View className="lv-input-bar">
        {block ? (
          <View className="lv-blocked">
            <Text className="lv-blocked-text">{block.text}</Text>
            {block.action === 'reenter' && (
              <Text className="lv-link lv-reenter" onClick={() => client?.retry()}>
                {lx('chat.reenter')}
              </Text>
            )}
          </View>
        ) : (
          <>
            <View
              className={`lv-icon-btn lv-emoji-btn${emoji ? ' is-on' : ''}`}
              aria-label={lx('chat.emoji')}
              onClick={() => setEmoji((v) => !v)}
            >
              <Icon glyph={Smile} className="lv-icon" />
            </View>
            <Input
              className="lv-input"
              value={text}
              maxlength={LIVE.MAX_TEXT}
              placeholder={lx('chat.placeholder')}
              confirmType="send"
              adjustPosition
              onInput={(e) => {
                const v: unknown = e.detail?.value
                if (typeof v === 'string') setText(v)
              }}
              onConfirm={() => void send()}
              onFocus={() => setEmoji(false)}
            />
            <View className="lv-icon-btn lv-image-btn" aria-label={lx('chat.image')} onClick={() => void sendImage()}>
              <Icon glyph={ImageGlyph} className="lv-icon" />
            </View>
            <View className={`lv-send${text.trim() ? ' is-ready' : ''}`} onClick={() => void send()}>
              <Text>{lx('chat.send')}</Text>
            </View>
          </>
        )}
        <LikeButton likes={state.likes} onLike={() => client?.like() ?? false} />
      </View>
      {emoji && !block && <EmojiPanel onPick={(c) => setText((t) => t + c)} />}
    </View>
  )
}
