/**
 * The school staff's roles (`sys_user.staff_role`; '' is a learner): the roles a staff call names in ./staff.ts, and
 * a live room's moderators (./schemas/live-codes.ts LIVE_STAFF_ROLES). Plain data: the app and the console import it.
 */
export const STAFF_ROLES = ['teacher', 'manager', 'assistant'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]
export const isStaffRole = (v: unknown): v is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(v)
