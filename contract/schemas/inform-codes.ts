/**
 * Messages to a learner (docs/DECISIONS.md "Messages"), plain values without zod: the app may import them.
 * `kind` names what wrote the message (server/src/services/inform.ts `notify`, the one door).
 */
export const INFORM_KINDS = [
  'welcome',
  'order',
  'refund',
  'invoice',
  'exam',
  'certificate',
  'answer',
  'plan',
  'identity',
  'profile',
  'notice',
] as const
export type InformKind = (typeof INFORM_KINDS)[number]

/** readStatus of a message */
export const READ_STATUS = { unread: 0, read: 1 } as const

/** at most this many ids in one mark-read call */
export const MARK_READ_MAX = 100

/** a school's announcement (the staff desk's POST /staff/notices): title and text at most this long */
export const NOTICE_TITLE_MAX = 200
export const NOTICE_CONTENT_MAX = 5000
