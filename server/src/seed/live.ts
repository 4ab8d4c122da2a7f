/**
 * Seeds the live classes of each demo tenant (./live-data.ts) once: a tenant that has a live channel is skipped,
 * so a data dir from before the live issue gains them on its next start (with the staff accounts and the censored
 * words, each added only when missing). Session times are relative to the seed time (docs/DECISIONS.md "Live — data").
 */

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db'
import {
  config,
  exam,
  goods,
  liveChannel,
  liveChat,
  liveRecording,
  liveSession,
  pointsLedger,
  sysUser,
  teacher,
  tenant,
} from '../db/schema'
import { TenantScope } from '../http/core'
import { creditPoints } from '../modules/live/points'
import { hashPassword } from '../services/passwords'
import { assetUrl } from './assets'
import { DEMO_PASSWORD, TENANTS } from './data'
import { DEMO_VOD_PATH, DEMO_VOD_SECONDS, LIVE_SEEDS, type LiveSeed, type SessionSeed, type Speaker } from './live-data'
import { CATALOGUES } from './shop-data'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** China time (UTC+8, no DST): the demo's days */
const TZ = 8 * HOUR
export const CENSOR_KEY = 'live.censorWords'

/** Start and end of a seeded session relative to `now`. */
export function sessionTimes(s: SessionSeed, now: number): { start: Date; end: Date } {
  let start: number
  if (s.day === 0) {
    // today, a couple of hours ahead (on the half hour)
    start = Math.ceil((now + 2 * HOUR) / (30 * MINUTE)) * 30 * MINUTE
  } else {
    const [hh, mm] = s.at.split(':').map(Number)
    const today = Math.floor((now + TZ) / DAY) * DAY - TZ
    start = today + s.day * DAY + (hh ?? 19) * HOUR + (mm ?? 0) * MINUTE
  }
  return { start: new Date(start), end: new Date(start + s.minutes * MINUTE) }
}

/** Length of the committed demo VOD: the sum of its segments, or the nominal length when it is not there. */
function demoVodSeconds(mediaRoot: string): number {
  try {
    const text = fs.readFileSync(path.join(mediaRoot, DEMO_VOD_PATH.replace(/^media\//, '')), 'utf8')
    const total = [...text.matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0)
    return total > 0 ? Math.round(total * 1000) / 1000 : DEMO_VOD_SECONDS
  } catch {
    return DEMO_VOD_SECONDS
  }
}

const MEDIA_ROOT = fileURLToPath(new URL('../../media', import.meta.url))

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/** An account of the tenant by phone: the existing one, or a new one (staff get the demo password). */
async function account(
  tx: Tx,
  scope: TenantScope,
  phone: string,
  values: { nickName: string; realName?: string; staffRole?: string; avatar?: string; hash: Hash | null },
): Promise<number> {
  const [have] = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(scope.where(sysUser, eq(sysUser.telPhone, phone)))
  if (have) return have.id
  const passwordHash = values.hash ? await values.hash() : null
  const [row] = await tx
    .insert(sysUser)
    .values(
      scope.row({
        userAccount: phone,
        telPhone: phone,
        passwordHash,
        nickName: values.nickName,
        realName: values.realName ?? '',
        avatar: values.avatar ?? '',
        staffRole: values.staffRole ?? '',
      }),
    )
    .returning({ id: sysUser.id })
  return row!.id
}

type Hash = () => Promise<string>

async function seedTenant(tx: Tx, tenantId: number, seed: LiveSeed, hash: Hash, now: number) {
  const scope = new TenantScope(tenantId)
  const teachers = await tx
    .select({ id: teacher.id, name: teacher.name, avatar: teacher.avatar })
    .from(teacher)
    .where(scope.where(teacher))
    .orderBy(asc(teacher.sort), asc(teacher.id))
  const teacherByName = (name: string) => teachers.find((t) => t.name === name)

  // ---- people: staff of the live rooms, classmates of the demo chat ----
  const staffIds = new Map<string, number>()
  const staffNick = new Map<string, { nick: string; pic: string }>()
  for (const s of seed.staff) {
    const pic = s.staffRole === 'teacher' ? (teacherByName(s.realName)?.avatar ?? '') : ''
    const id = await account(tx, scope, s.phone, { ...s, avatar: pic, hash })
    staffIds.set(s.staffRole, id)
    staffNick.set(s.staffRole, { nick: s.nickName, pic })
  }
  const classmateIds: number[] = []
  for (const c of seed.classmates)
    classmateIds.push(await account(tx, scope, c.phone, { nickName: c.nickName, hash: null }))
  const learnerPhone = TENANTS.find((t) => t.id === tenantId)?.learner.phone ?? ''
  const [learner] = await tx
    .select({ id: sysUser.id, nickName: sysUser.nickName, avatar: sysUser.avatar })
    .from(sysUser)
    .where(scope.where(sysUser, eq(sysUser.telPhone, learnerPhone)))

  const addChannel = async (values: Omit<typeof liveChannel.$inferInsert, 'tenantId' | 'streamKey'>) => {
    const [row] = await tx
      .insert(liveChannel)
      .values(scope.row({ ...values, streamKey: randomBytes(12).toString('hex') }))
      .returning({ id: liveChannel.id })
    return row!.id
  }
  const addSessions = async (channelId: number, sessions: SessionSeed[]) => {
    const out: { id: number; seed: SessionSeed; startedAt: Date | null }[] = []
    for (const s of sessions) {
      const { start, end } = sessionTimes(s, now)
      const ended = end.getTime() < now
      // a past class really ran: started a minute or two late, ran a few minutes over
      const startedAt = ended ? new Date(start.getTime() + 2 * MINUTE) : null
      const [row] = await tx
        .insert(liveSession)
        .values(
          scope.row({
            channelId,
            title: s.title,
            startAt: start,
            endAt: end,
            state: ended ? 'ended' : 'waiting',
            startedAt,
            endedAt: ended ? new Date(end.getTime() + 3 * MINUTE) : null,
          }),
        )
        .returning({ id: liveSession.id })
      out.push({ id: row!.id, seed: s, startedAt })
    }
    return out
  }

  // the chat's censored words (read by the chat server)
  await tx
    .insert(config)
    .values(scope.row({ configKey: CENSOR_KEY, configValue: JSON.stringify(seed.censorWords) }))
    .onConflictDoNothing()

  // ---- a channel per live goods: its sessions are the goods' live sections ----
  const cat = CATALOGUES[tenantId]
  for (const g of cat?.goods ?? []) {
    const plan = seed.goods[g.key]
    if (g.type !== 3 || !plan) continue
    const [row] = await tx
      .select({ id: goods.id, cover: goods.cover })
      .from(goods)
      .where(scope.where(goods, eq(goods.name, g.name), eq(goods.goodsType, 3)))
      .limit(1)
    if (!row) continue
    const c = g.courses?.[0]
    const titles = (c?.chapters ?? []).flatMap(([, sections]) => sections.map((n) => n.replace(/^\*/, '')))
    const t = c ? teachers[c.teacher] : undefined
    const channelId = await addChannel({
      goodsId: row.id,
      name: g.name,
      cover: row.cover,
      intro: plain(g.description),
      teacherId: t?.id ?? null,
      scene: plan.scene ?? 'alone',
    })
    await addSessions(
      channelId,
      titles
        .slice(0, plan.days.length)
        .map((title, i) => ({ title, day: plan.days[i]!, at: plan.at, minutes: plan.minutes })),
    )
  }

  // ---- the free public class, with the recorded session and its chat ----
  const free = seed.freeClass
  const freeTeacher = teacherByName(free.teacher)
  const freeId = await addChannel({
    goodsId: null,
    examId: null,
    name: free.name,
    cover: assetUrl(free.cover),
    intro: free.intro,
    teacherId: freeTeacher?.id ?? null,
  })
  const freeSessions = await addSessions(freeId, free.sessions)
  const vodSeconds = demoVodSeconds(MEDIA_ROOT)
  for (const s of freeSessions) {
    if (!s.seed.recorded || !s.startedAt) continue
    await tx.insert(liveRecording).values(
      scope.row({
        channelId: freeId,
        sessionId: s.id,
        path: DEMO_VOD_PATH,
        durationSeconds: vodSeconds,
        status: 'ready',
        startedAt: s.startedAt,
      }),
    )
    const who = (sp: Speaker) => {
      if (sp === 'teacher' || sp === 'assistant') {
        const n = staffNick.get(sp)
        return { userId: staffIds.get(sp) ?? null, nick: n?.nick ?? '', pic: n?.pic ?? '', userType: sp }
      }
      if (sp === 'learner')
        return {
          userId: learner?.id ?? null,
          nick: learner?.nickName ?? '',
          pic: learner?.avatar ?? '',
          userType: 'student',
        }
      return {
        userId: classmateIds[sp] ?? null,
        nick: seed.classmates[sp]?.nickName ?? '',
        pic: '',
        userType: 'student',
      }
    }
    await tx.insert(liveChat).values(
      seed.replayChat.map(([offset, sp, text]) =>
        scope.row({
          channelId: freeId,
          sessionId: s.id,
          ...who(sp),
          event: 'SPEAK',
          content: text.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
          createdAt: new Date(s.startedAt!.getTime() + offset * 1000),
        }),
      ),
    )
  }

  // ---- the explanation room of the first mock exam ----
  const [mock] = await tx
    .select({ id: exam.id, name: exam.name })
    .from(exam)
    .where(scope.where(exam, eq(exam.kind, 'mock')))
    .orderBy(asc(exam.sort), asc(exam.id))
    .limit(1)
  if (mock) {
    const mockId = await addChannel({
      goodsId: null,
      examId: mock.id,
      name: `${mock.name}讲评直播`.slice(0, 100),
      cover: assetUrl(seed.mockClass.cover),
      intro: seed.mockClass.intro,
      teacherId: freeTeacher?.id ?? null,
    })
    await addSessions(mockId, seed.mockClass.sessions)
  }

  // ---- the demo learner's welcome points (rewards in the live room spend them; new learners start at 0) ----
  // once per learner: the live seed runs again for a tenant whose rooms were all removed
  const [granted] = learner
    ? await tx
        .select({ id: pointsLedger.id })
        .from(pointsLedger)
        .where(scope.where(pointsLedger, and(eq(pointsLedger.userId, learner.id), eq(pointsLedger.reason, 'grant'))))
        .limit(1)
    : []
  if (learner && !granted && seed.welcomePoints > 0)
    await creditPoints(tx, tenantId, learner.id, seed.welcomePoints, 'grant', { note: seed.welcomePointsNote })
}

/** Seeds the live classes of every demo tenant that exists and has none; returns the tenants seeded. */
export async function seedLiveIfEmpty(db: Db, now = Date.now()): Promise<number[]> {
  const ids = Object.keys(LIVE_SEEDS).map(Number)
  const present = await db.select({ id: tenant.id }).from(tenant).where(inArray(tenant.id, ids))
  if (present.length === 0) return []
  let hashed: Promise<string> | undefined
  const hash = () => {
    hashed ??= hashPassword(DEMO_PASSWORD)
    return hashed
  }
  const done: number[] = []
  for (const { id } of present) {
    const seed = LIVE_SEEDS[id]!
    const [have] = await db
      .select({ id: liveChannel.id })
      .from(liveChannel)
      .where(eq(liveChannel.tenantId, id))
      .limit(1)
    if (have) continue
    await db.transaction((tx) => seedTenant(tx, id, seed, hash, now))
    done.push(id)
  }
  return done
}

/** The live-room staff accounts of the demo tenants (printed by `npm start` beside the demo learner). */
export const liveStaffOf = (tenantId: number) => LIVE_SEEDS[tenantId]?.staff ?? []
