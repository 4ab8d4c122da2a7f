/**
 * Bans per room kept on the device until their expiry (spec §4: "a ban stored per room expires by timestamp").
 * Storage 'live_bans' = { [roomId]: epoch ms until }. The server holds the real ban and sends it at LOGIN; the
 * stored copy lets the room show the banned state at once (before and between connections).
 */
import { storage } from '../../../services/storage'

type Bans = Record<string, number>

function read(now: number): Bans {
  const raw = storage.get<Bans>('live_bans')
  const out: Bans = {}
  if (!raw || typeof raw !== 'object') return out
  for (const [room, until] of Object.entries(raw)) {
    if (typeof until === 'number' && until > now) out[room] = until
  }
  return out
}

function write(bans: Bans): void {
  if (Object.keys(bans).length === 0) storage.remove('live_bans')
  else storage.set('live_bans', bans)
}

/** Epoch ms until which I am banned in the room, 0 when not (an expired entry is dropped). */
export function bannedUntil(roomId: string, now = Date.now()): number {
  const bans = read(now)
  write(bans)
  return bans[roomId] ?? 0
}

/** Keep (until > now) or clear (0 or past) the room's ban. */
export function setBan(roomId: string, until: number, now = Date.now()): void {
  const bans = read(now)
  if (until > now) bans[roomId] = until
  else delete bans[roomId]
  write(bans)
}
