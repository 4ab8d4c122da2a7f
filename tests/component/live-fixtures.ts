/** Rows of the live calls as the server answers them (contract/schemas/live.ts), for the live page tests. */
import type { ChannelDetail, ChatHistoryRow, LiveSession } from '@/features/live/api'

export const NOW_S = Math.floor(Date.now() / 1000)

export function session(sessionId: number, over: Partial<LiveSession> = {}): LiveSession {
  return {
    sessionId,
    channelId: 5,
    title: `Class ${sessionId}`,
    channelName: 'Fire safety live',
    cover: '',
    teacherName: 'Li Ming',
    teacherAvatar: '',
    goodsId: 3,
    goodsName: 'Fire safety course',
    examId: null,
    free: false,
    startTime: NOW_S - 600,
    endTime: NOW_S + 3000,
    state: 'live',
    hasPlayback: false,
    canEnter: true,
    watchedSeconds: 0,
    attended: false,
    ...over,
  }
}

export function detail(over: Partial<ChannelDetail> = {}): ChannelDetail {
  return {
    roomId: '1001:5:50',
    channelId: 5,
    sessionId: 50,
    userId: '7',
    isPPT: false,
    scene: 'alone',
    chatToken: 'chat-token-1',
    chatNamespace: '/chat',
    chatPath: '/socket.io',
    playbackEnabled: 'Y',
    hasPlayback: false,
    playbackList: [],
    userType: 'student',
    nick: 'Me',
    pic: '',
    channelName: 'Fire safety live',
    title: 'Evacuation drills',
    intro: '<p>How to lead people out.</p>',
    teacherName: 'Li Ming',
    teacherAvatar: '',
    cover: '',
    state: 'live',
    startTime: NOW_S - 600,
    endTime: NOW_S + 3000,
    bulletin: '',
    chatClosed: false,
    likes: 10,
    stream: {
      provider: 'local',
      hlsUrl: '/live/hls/1001-5-50/index.m3u8',
      providerChannelId: '',
      videoAvailable: true,
    },
    sessions: [session(50), session(51, { state: 'waiting', startTime: NOW_S + 86400, endTime: NOW_S + 90000 })],
    ...over,
  }
}

type Actor = ChatHistoryRow['user']['actor']
const TYPES = { lecturer: 'teacher', administrator: 'manager', assistant: 'assistant', student: 'student' } as const

export function row(id: number, actor: Actor = 'student', over: Partial<ChatHistoryRow> = {}): ChatHistoryRow {
  const userId = actor === 'lecturer' ? 1 : actor === 'administrator' ? 2 : actor === 'assistant' ? 3 : 100 + id
  return {
    id,
    EVENT: 'SPEAK',
    user: { userId, nick: `${actor}-${userId}`, pic: '', userType: TYPES[actor], actor },
    content: `message ${id}`,
    time: NOW_S * 1000 - 60_000 + id * 1000,
    ...over,
  }
}
