/**
 * Who is in the room and for how long: heartbeats credit study time (bounded by wall time, only while playing and,
 * live, only while the class is live; written at most every WATCH_WRITE_GAP_MS per socket), ONLINE_LIST pages the
 * people present, a socket that leaves gives up its place (the room learns, merged when busy), and access that
 * ends: every LIVE_ACCESS_CHECK_MS each process checks the learners it holds, one query per channel, and
 * disconnects those whose entitlement ended (their app then asks for the room again and is told why).
 */
import type { Socket } from 'socket.io'
import { LIVE } from '../../../../../contract/schemas/live-codes'
import type { LiveAccess } from '../access'
import { type Interactions, isSideRoom } from '../interactions'
import { bad, type Hub, isPosInt, type Member, OK, type Payload, type Result, type SocketState } from './hub'

/** study time is written at most this often per socket (heartbeats in between add up) */
const WATCH_WRITE_GAP_MS = 5000
const SWEEP_MS = 60_000

export function presence(hub: Hub, { access, interactions }: { access: LiveAccess; interactions: Interactions }) {
  const { store, data, members, log, nsp } = hub
  /** disconnect handlers still writing (close waits for them) */
  let leaving = 0

  const heartbeat = async (m: Member, p: Payload): Promise<Result> => {
    if (typeof p.playing !== 'boolean') return bad('playing: true or false')
    const pos = p.position
    if (pos !== undefined && (typeof pos !== 'number' || !Number.isFinite(pos) || pos < 0 || pos > 1e7))
      return bad('position: seconds from the start')
    const now = Date.now()
    const elapsed = Math.max(0, now - m.lastBeat)
    m.lastBeat = now
    const c = m.claims
    let creditMs = p.playing ? Math.min(elapsed, LIVE.WATCH_CREDIT_MAX_S * 1000) : 0
    if (creditMs > 0 && !m.playback && (await data.sessionState(c.tenantId, c.channelId, c.sessionId)) !== 'live')
      creditMs = 0
    m.carryMs += creditMs
    const position = m.playback && typeof pos === 'number' ? pos : undefined
    const seconds = Math.floor(m.carryMs / 1000)
    if ((seconds > 0 || position !== undefined) && now - m.lastWrite >= WATCH_WRITE_GAP_MS) {
      m.carryMs -= seconds * 1000
      m.lastWrite = now
      await data.credit(
        c.tenantId,
        { userId: m.user.userId, channelId: c.channelId, sessionId: c.sessionId, mode: c.mode },
        seconds,
        position,
      )
    }
    return OK
  }

  const onlineList = async (socket: Socket, m: Member, p: Payload): Promise<Result> => {
    const page = p.page ?? 1
    if (!isPosInt(page) || page > 100_000) return bad('page: 1 or more')
    const [list, online] = await Promise.all([
      store.list(m.room, (page - 1) * LIVE.ONLINE_PAGE, LIVE.ONLINE_PAGE),
      store.counts(m.room),
    ])
    hub.toSocket(socket, 'ONLINE_LIST', { page, list, online })
    return OK
  }

  /** the socket disconnected: its study time is written, its place given up, the room told */
  const left = (socket: Socket, st: SocketState) => {
    members.delete(socket)
    const m = st.member
    if (!m) return
    st.member = undefined
    leaving++
    void (async () => {
      const now = Date.now()
      if (m.carryMs >= 1000) {
        const c = m.claims
        await data.credit(
          c.tenantId,
          { userId: m.user.userId, channelId: c.channelId, sessionId: c.sessionId, mode: c.mode },
          Math.floor(m.carryMs / 1000),
          undefined,
        )
        m.lastWrite = now
      }
      if (!(await store.leave(m.room, m.user.userId, socket.id))) return
      if (!m.playback) await interactions.left(m)
      const online = await store.counts(m.room)
      if (hub.busy(online)) hub.broadcastOnline(m.room)
      else hub.toRoom(m.room, 'LOGOUT', { userId: m.user.userId, online })
    })()
      .catch((err: unknown) => log.warn({ err }, 'chat: leaving failed'))
      .finally(() => {
        leaving--
      })
  }
  /** let the sockets' leave handlers reach the store (at most 2 s) */
  const settled = async () => {
    for (let i = 0; i < 100 && leaving > 0; i++) await new Promise((r) => setTimeout(r, 20))
  }

  /**
   * Access that ends: the learners this process holds, grouped by channel, are checked against the database (one
   * query per channel); a socket whose user may no longer enter is disconnected (no event: the app reconnects,
   * asks for the room again and gets 631 with what to buy). Each process checks its own sockets, so nothing needs
   * to cross processes: the database is shared, and an expiry has no event to send anyway.
   */
  let checking = false
  const checkAccess = async () => {
    if (checking || hub.closed) return
    checking = true
    try {
      const byChannel = new Map<string, { tenantId: number; channelId: number; sockets: [Socket, Member][] }>()
      for (const [socket, m] of members) {
        const { tenantId, channelId } = m.claims
        const k = `${tenantId}:${channelId}`
        const g = byChannel.get(k) ?? { tenantId, channelId, sockets: [] }
        byChannel.set(k, g)
        g.sockets.push([socket, m])
      }
      for (const g of byChannel.values()) {
        if (hub.closed) return
        const ids = [...new Set(g.sockets.map(([, m]) => m.user.userId))]
        const ok = await access.entitled(g.tenantId, g.channelId, ids)
        for (const [socket, m] of g.sockets)
          if (!ok.has(m.user.userId) && members.get(socket) === m) {
            log.info({ tenantId: g.tenantId, channelId: g.channelId, userId: m.user.userId }, 'chat: access ended')
            hub.dismiss(socket)
          }
      }
    } catch (err) {
      log.warn({ err }, 'chat: access check failed')
    } finally {
      checking = false
    }
  }

  /** starts the access check and the sweep of places a process that died left (Redis); answers how to stop them */
  const watch = () => {
    const accessTimer = setInterval(() => void checkAccess(), access.ttlMs)
    accessTimer.unref()
    const sweeper = setInterval(() => {
      const rooms = [...nsp.adapter.rooms.keys()].filter((r) => !nsp.sockets.has(r) && !isSideRoom(r))
      store.sweep(rooms).catch((err: unknown) => log.warn({ err }, 'chat: sweep failed'))
    }, SWEEP_MS)
    sweeper.unref()
    return () => {
      clearInterval(sweeper)
      clearInterval(accessTimer)
    }
  }

  return { heartbeat, onlineList, left, settled, watch }
}
