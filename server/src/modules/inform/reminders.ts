/**
 * The day-before reminder of a booked exam sitting or training (docs/DECISIONS.md "Messages"): a sweep (server/src/app.ts,
 * once per tick across processes: services/shared/ticks.ts) finds booked sessions starting within REMIND_BEFORE_MS
 * that were booked earlier than that (a booking made inside the window has just had its "booked" message) and
 * sends each one reminder. Once per (appointment, session): the unique key of appointment_reminder lets one insert
 * through, and the message is written in the same transaction, so a repeated or concurrent sweep sends nothing twice.
 * A rescheduled booking is reminded of its new session.
 */
import { and, eq, gt, lte, notExists, sql } from 'drizzle-orm'
import { APPOINTMENT_STATUS } from '../../../../contract/schemas/exam-codes'
import type { Db } from '../../db'
import { applySession, appointment, appointmentReminder } from '../../db/schema'
import { TenantScope } from '../../http/core'
import { cstDateTime, MESSAGES, notify, placeOf } from '../../services/inform'
import { appointmentQuery } from '../apply/views'

export const REMIND_BEFORE_MS = 24 * 3600_000
/** how often the sweep runs */
export const REMIND_SWEEP_MS = 5 * 60_000
const BATCH = 200

/** Sends the reminders that are due at `now`; returns how many were sent. */
export async function sweepReminders(db: Db, now = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + REMIND_BEFORE_MS)
  // across tenants (a sweep has no request): each row's own tenant scopes its writes below
  const due = await appointmentQuery({ db, scope: new TenantScope(0) })
    .where(
      and(
        eq(appointment.status, APPOINTMENT_STATUS.booked),
        gt(applySession.startAt, now),
        lte(applySession.startAt, horizon),
        sql`${appointment.createdAt} <= ${applySession.startAt} - interval '24 hours'`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(appointmentReminder)
            .where(
              and(
                eq(appointmentReminder.tenantId, appointment.tenantId),
                eq(appointmentReminder.appointmentId, appointment.id),
                eq(appointmentReminder.sessionId, appointment.sessionId),
              ),
            ),
        ),
      ),
    )
    .orderBy(applySession.startAt)
    .limit(BATCH)
  let sent = 0
  for (const r of due) {
    const scope = new TenantScope(r.a.tenantId)
    const done = await db.transaction(async (tx) => {
      // still booked on that session (a cancel or reschedule since the read above wins)
      const [still] = await tx
        .select({ id: appointment.id })
        .from(appointment)
        .where(
          scope.where(
            appointment,
            eq(appointment.id, r.a.id),
            eq(appointment.status, APPOINTMENT_STATUS.booked),
            eq(appointment.sessionId, r.a.sessionId),
          ),
        )
        .for('update')
      if (!still) return false
      const [taken] = await tx
        .insert(appointmentReminder)
        .values(scope.row({ appointmentId: r.a.id, sessionId: r.a.sessionId }))
        .onConflictDoNothing()
        .returning({ id: appointmentReminder.id })
      if (!taken) return false
      await notify(
        tx as unknown as Db,
        scope,
        r.a.userId,
        MESSAGES.reminder({
          appointmentId: r.a.id,
          kind: r.a.kind,
          examName: r.examName,
          site: placeOf(r),
          time: cstDateTime(r.startAt),
        }),
      )
      return true
    })
    if (done) sent++
  }
  return sent
}
