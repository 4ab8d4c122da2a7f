/** Learning-area and upload codes on the wire (no zod: the app may import these values). docs/DECISIONS.md "Learning". */

/** A section's state for a learner. */
export const SECTION_STATUS = { notStarted: 0, learning: 1, finished: 2 } as const

/** A section is finished when the credited (distinct, real-time) watched seconds reach this share of its duration. */
export const FINISH_RATIO = 0.95
/** The player reports progress this often while playing (seconds), and on pause, hide and end. */
export const REPORT_EVERY_SECONDS = 10
/** Slack per report for network and timer jitter (seconds): an interval may exceed the wall time by this much. */
export const REPORT_SLACK_SECONDS = 3
/** Anti-skip: a seek may land at most this far beyond the furthest watched point (seconds). */
export const SEEK_SLACK_SECONDS = 2
/** A play session not reported for this long is closed; reporting to it again answers LEARN_CODE.sessionGone. */
export const SESSION_IDLE_SECONDS = 30 * 60

/** Why a progress report was not counted (stored with the abnormal record). */
export const ABNORMAL_KINDS = [
  /** more video time than wall time passed since the previous report */
  'too-fast',
  /** another play session of the same learner covered the same wall time */
  'parallel',
  /** the interval starts beyond the furthest watched point of an anti-skip goods */
  'skip',
  /** positions outside the video */
  'out-of-range',
  /** reported by the app: a seek beyond the furthest watched point was refused */
  'client-seek',
  /** reported by the app: anything else it refused (e.g. a playback-rate change) */
  'client-other',
] as const
export type AbnormalKind = (typeof ABNORMAL_KINDS)[number]
/** The kinds the app may report through POST /study/record/abnormal. */
export const CLIENT_ABNORMAL_KINDS = ['client-seek', 'client-other'] as const

/** Photo checks during study: when a photo is due. */
export const PHOTO_SCENES = ['start', 'random'] as const
/** Identity and face results: the local provider never decides, it leaves the case to a person. */
export const REVIEW_STATUS = { none: 0, pending: 1, approved: 2, rejected: 3 } as const

/** Envelope codes of the learning area (travel with HTTP 200). */
export const LEARN_CODE = {
  /** the learner has no active entitlement to the goods or the section is not part of it */
  notEntitled: 612,
  /** a photo is due before study goes on (data: the due photo) */
  photoRequired: 621,
  /** study is closed for this goods now (class not started or ended, access expired) */
  studyClosed: 622,
  /** the play session is unknown, closed or of another learner: open a new one */
  sessionGone: 623,
  /** the production provider (face, OCR, video) is not configured on this server */
  providerMissing: 624,
} as const

/** Uploads: `imageStatus=1` asks for an image policy, `0` for a document policy. */
export const UPLOAD_LIMITS = {
  imageMaxBytes: 10 * 1024 * 1024,
  fileMaxBytes: 20 * 1024 * 1024,
  policySeconds: 600,
} as const
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export const FILE_TYPES = [...IMAGE_TYPES, 'application/pdf', 'video/mp4'] as const
