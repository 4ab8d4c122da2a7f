/**
 * The school staff's calls: the console's pages (console/src) and the staff desk's scripts. The spec's section 7
 * does not list them, so they sit in a table of their own beside ./routes.ts (the learner app never imports this
 * one); the server registers both with the same loop (server/src/app.ts): one envelope, one tenant check, one
 * validation, one error path. docs/DECISIONS.md "Console".
 * - `roles`: the staff roles whose accounts may make the call (`sys_user.staff_role`, read on every request); any
 *   other account, a learner's above all, is refused 403, and a token of another school 401
 *   (server/src/http/staff-auth.ts). The operator's `X-Staff-Token` (only when STAFF_TOKEN is set) passes every
 *   call but those marked `operator: false`.
 * - no `roles`: any login token of the school, as a learner call (the console's sign-out).
 * Schemas: `<domain>StaffSchemas` in ./schemas/<domain>.ts (server and tests; the console imports their types).
 */
import { STAFF_ROLES, type StaffRole } from './roles'
import type { RouteMeta } from './routes'

export { isStaffRole, STAFF_ROLES, type StaffRole } from './roles'

/** every staff role: teacher, manager, assistant */
const ALL: readonly StaffRole[] = STAFF_ROLES
const MANAGER: readonly StaffRole[] = ['manager']
/** who teaches a class: schedules it and takes its push address */
const TEACHING: readonly StaffRole[] = ['teacher', 'manager']

export const staffRoutes = {
  // ---- the console's session (server/src/modules/console): sign-in is the learner login (POST /login) ----
  'GET /console/me': { method: 'GET', path: '/console/me', roles: ALL, operator: false },
  'POST /console/signout': { method: 'POST', path: '/console/signout' },
  // ---- staff accounts and the school's content (modules/console) ----
  'GET /staff/accounts': { method: 'GET', path: '/staff/accounts', roles: MANAGER },
  'POST /staff/accounts/:userId/role': { method: 'POST', path: '/staff/accounts/:userId/role', roles: MANAGER },
  'POST /staff/content/changed': { method: 'POST', path: '/staff/content/changed', roles: MANAGER },
  // ---- orders: refunds and invoices (modules/order/staff.ts) ----
  'GET /staff/refunds': { method: 'GET', path: '/staff/refunds', roles: MANAGER },
  'POST /staff/refunds/:orderId': { method: 'POST', path: '/staff/refunds/:orderId', roles: MANAGER },
  'GET /staff/invoices': { method: 'GET', path: '/staff/invoices', roles: MANAGER },
  'POST /staff/invoices/:invoiceId/issue': {
    method: 'POST',
    path: '/staff/invoices/:invoiceId/issue',
    roles: MANAGER,
  },
  // ---- learning: identity certifications, study photos, learning prompts (modules/learn/staff.ts) ----
  'GET /staff/certifications': { method: 'GET', path: '/staff/certifications', roles: MANAGER },
  'POST /staff/certifications/:userId': { method: 'POST', path: '/staff/certifications/:userId', roles: MANAGER },
  'GET /staff/photos': { method: 'GET', path: '/staff/photos', roles: MANAGER },
  'POST /staff/photos/:photoId': { method: 'POST', path: '/staff/photos/:photoId', roles: MANAGER },
  'GET /staff/prompts': { method: 'GET', path: '/staff/prompts', roles: MANAGER },
  'POST /staff/prompts': { method: 'POST', path: '/staff/prompts', roles: MANAGER },
  'POST /staff/prompts/delete': { method: 'POST', path: '/staff/prompts/delete', roles: MANAGER },
  // ---- exams: certificates (modules/exam/staff.ts) ----
  'GET /staff/certificates': { method: 'GET', path: '/staff/certificates', roles: MANAGER },
  'POST /staff/certificates/:serial/revoke': {
    method: 'POST',
    path: '/staff/certificates/:serial/revoke',
    roles: MANAGER,
  },
  // ---- messages: the school's announcements (modules/inform/staff.ts) ----
  'GET /staff/notices': { method: 'GET', path: '/staff/notices', roles: MANAGER },
  'POST /staff/notices': { method: 'POST', path: '/staff/notices', roles: MANAGER },
  // ---- enrolment profiles (modules/profile/staff.ts) ----
  'GET /staff/profiles': { method: 'GET', path: '/staff/profiles', roles: MANAGER },
  'POST /staff/profiles/:id/review': { method: 'POST', path: '/staff/profiles/:id/review', roles: MANAGER },
  // ---- questions and answers (modules/answer/staff.ts) ----
  'GET /staff/answers': { method: 'GET', path: '/staff/answers', roles: ALL },
  'POST /staff/answers/:answerId/reply': { method: 'POST', path: '/staff/answers/:answerId/reply', roles: ALL },
  // ---- live: the live desk (modules/live/staff.ts) and the teacher console's reads (modules/console/live.ts) ----
  'GET /staff/live/channels': { method: 'GET', path: '/staff/live/channels', roles: ALL },
  'POST /staff/live/channels/:channelId/sessions': {
    method: 'POST',
    path: '/staff/live/channels/:channelId/sessions',
    roles: TEACHING,
  },
  'GET /staff/live/channels/:channelId/push': {
    method: 'GET',
    path: '/staff/live/channels/:channelId/push',
    roles: TEACHING,
  },
  'GET /console/live/banks': { method: 'GET', path: '/console/live/banks', roles: ALL },
  'GET /console/live/questions': { method: 'GET', path: '/console/live/questions', roles: ALL },
  'GET /console/live/channels/:channelId/bans': {
    method: 'GET',
    path: '/console/live/channels/:channelId/bans',
    roles: ALL,
  },
  'GET /console/live/channels/:channelId/sessions/:sessionId/checkins': {
    method: 'GET',
    path: '/console/live/channels/:channelId/sessions/:sessionId/checkins',
    roles: ALL,
  },
  'GET /console/live/channels/:channelId/sessions/:sessionId/lotteries': {
    method: 'GET',
    path: '/console/live/channels/:channelId/sessions/:sessionId/lotteries',
    roles: ALL,
  },
} as const satisfies Record<string, RouteMeta>

export type StaffRouteKey = keyof typeof staffRoutes
