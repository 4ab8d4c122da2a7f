/**
 * What the teacher's live console reads besides the live desk (server/src/modules/live/staff.ts) and the room's own
 * calls (docs/DECISIONS.md "Live — teacher console"; contract/staff.ts, every staff role: any moderator may push a
 * question or lift a ban). Registered by the route loop like every call (server/src/app.ts); tenant-scoped.
 *   GET {apiBase}/console/live/banks                          banks with how many pushable questions each holds
 *   GET {apiBase}/console/live/questions?bankId&type&keyword&pageNum&pageSize
 *                                                             { rows, total }: id, type, plain stem, options, answer
 *   GET {apiBase}/console/live/channels/:channelId/bans       who is banned from the room's chat now (bans are per
 *                                                             channel and outlast a class; the chat's REMOVE_SHIELD
 *                                                             lifts one)
 *   GET {apiBase}/console/live/channels/:channelId/sessions/:sessionId/checkins
 *                                                             the class's check-ins, newest first (a reloaded console
 *                                                             lists them again; a lottery among signers names one)
 *   GET {apiBase}/console/live/channels/:channelId/sessions/:sessionId/lotteries
 *                                                             the class's lotteries, newest first, with the announced
 *                                                             winners and their claim forms (name, phone, address)
 * The question picker: the questions a teacher may push as a live test question (GET_TEST_QUESTION_CONTENT of
 * contract/schemas/live-interactions.ts). The learner calls cannot serve this: they list only banks the learner
 * holds, and never with answers.
 * Pushable: single choice, multiple choice and judgement (types 1-3: an answer card of option letters). Composite
 * and essay questions are not listed. Neither is any question of a paper whose exam has not closed: a live push
 * would show an exam question (and its answer, at the stop) to a whole class.
 */
import { and, asc, count, desc, eq, gt, ilike, inArray, notInArray, type SQL } from 'drizzle-orm'
import { PUSHABLE_TYPES } from '../../../../contract/schemas/live'
import { maskPhone } from '../../../../shared/rules/phone'
import { toInt } from '../../db'
import {
  bank,
  goods,
  liveBan,
  liveChannel,
  liveCheckin,
  liveLottery,
  liveLotteryWinner,
  liveSession,
  question,
  sysUser,
} from '../../db/schema'
import { AppError, type Ctx, type Handlers } from '../../http/core'
import { examQuestionIds } from '../bank/core'

const MAX_BANKS = 500
const MAX_BANS = 500
const STEM_CHARS = 300

/** check-ins listed per class at most */
const MAX_CHECKINS = 100
/** lottery winner rows listed per class at most */
const MAX_LOTTERY_ROWS = 1000

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' }

/** The text of a stored (sanitised HTML) stem: tags dropped, the common entities decoded, spaces collapsed. */
export const plainText = (html: string): string =>
  html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim()

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export { PUSHABLE_TYPES }

/** the questions of a tenant a live push may show now: types 1-3, none of a paper whose exam has not closed */
const pushable = (ctx: Ctx, now: Date, ...more: (SQL | undefined)[]) =>
  ctx.scope.where(
    question,
    inArray(question.type, [...PUSHABLE_TYPES]),
    notInArray(question.id, examQuestionIds({ db: ctx.db, scope: ctx.scope }, now)),
    ...more,
  )

export const handlers: Handlers = {
  'GET /console/live/banks': async (ctx) => {
    const { db, scope } = ctx
    const banks = await db
      .select({ bankId: bank.id, name: bank.name, goodsName: goods.name })
      .from(bank)
      .leftJoin(goods, and(eq(goods.id, bank.goodsId), eq(goods.tenantId, bank.tenantId)))
      .where(scope.where(bank, eq(bank.status, 1)))
      .orderBy(asc(bank.sort), asc(bank.id))
      .limit(MAX_BANKS)
    const ids = banks.map((b) => b.bankId)
    const counts = ids.length
      ? await db
          .select({ bankId: question.bankId, n: count() })
          .from(question)
          .where(pushable(ctx, new Date(), inArray(question.bankId, ids)))
          .groupBy(question.bankId)
      : []
    const byBank = new Map(counts.map((c) => [c.bankId, toInt(c.n)]))
    return banks.map((b) => ({ ...b, goodsName: b.goodsName ?? '', questionCount: byBank.get(b.bankId) ?? 0 }))
  },

  'GET /console/live/questions': async (ctx, { query: q }) => {
    const { db, scope } = ctx
    const [b] = await db
      .select({ id: bank.id })
      .from(bank)
      .where(scope.where(bank, eq(bank.id, q.bankId), eq(bank.status, 1)))
    if (!b) throw new AppError(404, 'bank not found')
    const where = pushable(
      ctx,
      new Date(),
      eq(question.bankId, b.id),
      q.type ? eq(question.type, q.type) : undefined,
      q.keyword ? ilike(question.title, likePattern(q.keyword)) : undefined,
    )
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(question).where(where),
      db
        .select({
          questionId: question.id,
          type: question.type,
          title: question.title,
          optionsList: question.optionsList,
          ans: question.ans,
        })
        .from(question)
        .where(where)
        .orderBy(asc(question.chapterId), asc(question.sort), asc(question.id))
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize),
    ])
    return {
      total: toInt(total?.n),
      rows: rows.map((x) => {
        const stem = plainText(x.title)
        return {
          questionId: x.questionId,
          type: x.type,
          stem: [...stem].length > STEM_CHARS ? `${[...stem].slice(0, STEM_CHARS).join('')}…` : stem,
          options: (x.optionsList ?? []).map((o) => [o.label, plainText(o.content)] as [string, string]),
          answer: x.ans,
        }
      }),
    }
  },

  'GET /console/live/channels/:channelId/bans': async (ctx, { params }) => {
    const { db, scope } = ctx
    const [c] = await db
      .select({ id: liveChannel.id })
      .from(liveChannel)
      .where(scope.where(liveChannel, eq(liveChannel.id, params.channelId)))
    if (!c) throw new AppError(404, 'no live channel with that id in this school')
    const rows = await db
      .select({
        userId: liveBan.userId,
        nickName: sysUser.nickName,
        telPhone: sysUser.telPhone,
        expiresAt: liveBan.expiresAt,
        createdAt: liveBan.createdAt,
      })
      .from(liveBan)
      .innerJoin(sysUser, and(eq(sysUser.id, liveBan.userId), eq(sysUser.tenantId, liveBan.tenantId)))
      .where(scope.where(liveBan, eq(liveBan.channelId, c.id), gt(liveBan.expiresAt, new Date())))
      .orderBy(desc(liveBan.createdAt), desc(liveBan.id))
      .limit(MAX_BANS)
    return rows.map((r) => ({
      userId: r.userId,
      // the name the chat shows (server/src/modules/live: nickname, else the masked phone)
      nick: (r.nickName || maskPhone(r.telPhone)).slice(0, 30),
      until: r.expiresAt.getTime(),
      since: r.createdAt.getTime(),
    }))
  },

  'GET /console/live/channels/:channelId/sessions/:sessionId/checkins': async (ctx, { params }) => {
    const { db, scope } = ctx
    const [session] = await db
      .select({ id: liveSession.id })
      .from(liveSession)
      .innerJoin(
        liveChannel,
        and(eq(liveChannel.id, liveSession.channelId), eq(liveChannel.tenantId, liveSession.tenantId)),
      )
      .where(
        scope.where(liveSession, eq(liveSession.id, params.sessionId), eq(liveSession.channelId, params.channelId)),
      )
    if (!session) throw new AppError(404, 'live session not found')
    const rows = await db
      .select({
        checkinId: liveCheckin.id,
        message: liveCheckin.message,
        endsAt: liveCheckin.endsAt,
        state: liveCheckin.state,
        signed: liveCheckin.signed,
      })
      .from(liveCheckin)
      .where(scope.where(liveCheckin, eq(liveCheckin.sessionId, session.id)))
      .orderBy(desc(liveCheckin.id))
      .limit(MAX_CHECKINS)
    const now = Date.now()
    return rows.map((r) => ({
      checkinId: r.checkinId,
      message: r.message,
      endsAt: r.endsAt.getTime(),
      // the server's clock: past its end it is over even before the time-out closed the row
      open: r.state === 'open' && r.endsAt.getTime() > now,
      signed: r.signed,
    }))
  },

  // the class's lotteries with their winners and what each winner sent in the claim form (to deliver the prize)
  'GET /console/live/channels/:channelId/sessions/:sessionId/lotteries': async (ctx, { params }) => {
    const { db, scope } = ctx
    const rows = await db
      .select({
        lotteryId: liveLottery.id,
        prize: liveLottery.prize,
        winnerCount: liveLottery.winnerCount,
        eligible: liveLottery.eligible,
        drawAt: liveLottery.drawAt,
        state: liveLottery.state,
        userId: liveLotteryWinner.userId,
        nick: liveLotteryWinner.nick,
        claimName: liveLotteryWinner.claimName,
        claimPhone: liveLotteryWinner.claimPhone,
        claimAddress: liveLotteryWinner.claimAddress,
        claimedAt: liveLotteryWinner.claimedAt,
      })
      .from(liveLottery)
      .leftJoin(
        liveLotteryWinner,
        and(eq(liveLotteryWinner.lotteryId, liveLottery.id), eq(liveLotteryWinner.tenantId, liveLottery.tenantId)),
      )
      .where(
        scope.where(
          liveLottery,
          eq(liveLottery.sessionId, params.sessionId),
          eq(liveLottery.channelId, params.channelId),
        ),
      )
      .orderBy(desc(liveLottery.id), asc(liveLotteryWinner.id))
      .limit(MAX_LOTTERY_ROWS)
    const byId = new Map<number, LotteryClaims>()
    for (const r of rows) {
      let l = byId.get(r.lotteryId)
      if (!l) {
        l = {
          lotteryId: r.lotteryId,
          prize: r.prize,
          winnerCount: r.winnerCount,
          eligible: r.eligible,
          drawAt: r.drawAt.getTime(),
          announced: r.state === 'drawn',
          winners: [],
        }
        byId.set(r.lotteryId, l)
      }
      // winners are named only once announced, as in the room
      if (r.userId !== null && l.announced)
        l.winners.push({
          userId: r.userId,
          nick: r.nick ?? '',
          claimed: r.claimedAt !== null,
          name: r.claimName ?? '',
          phone: r.claimPhone ?? '',
          address: r.claimAddress ?? '',
          claimedAt: r.claimedAt?.getTime() ?? 0,
        })
    }
    return [...byId.values()]
  },
}

interface LotteryClaims {
  lotteryId: number
  prize: string
  winnerCount: number
  eligible: number
  drawAt: number
  announced: boolean
  winners: {
    userId: number
    nick: string
    claimed: boolean
    name: string
    phone: string
    address: string
    claimedAt: number
  }[]
}
