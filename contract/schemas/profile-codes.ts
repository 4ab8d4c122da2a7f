/** Plain values of the enrolment profile routes (no zod: the app imports these). */

/** What a field takes: text | idCard (18-character resident ID, checksum) | phone | date (YYYY-MM-DD) | select | image (an upload of yours) */
export const PROFILE_FIELD_TYPES = ['text', 'idCard', 'phone', 'date', 'select', 'image'] as const
/** 0 draft (not stamped yet), 1 submitted (stamped, waiting for the school), 2 locked (accepted), 3 returned */
export const PROFILE_STATUS = { draft: 0, submitted: 1, locked: 2, returned: 3 } as const
