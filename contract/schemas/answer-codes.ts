/** Q and A limits and states, plain data (no zod): the app imports them (docs/DECISIONS.md "Questions and answers"). */

/** The longest question and reply (characters) and the most images a question carries. */
export const ANSWER_MAX = 1000
export const ANSWER_REPLY_MAX = 2000
export const ANSWER_MAX_IMAGES = 6
/** ANSWER_STATUS: 0 waiting for a teacher, 1 answered */
export const ANSWER_STATUS = { open: 0, answered: 1 } as const
