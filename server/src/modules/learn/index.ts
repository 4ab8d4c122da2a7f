/**
 * Learning area handlers (docs/DECISIONS.md "Learning", "Course extras"): courses and hours (rebuilt from intervals),
 * playback and the player's skip rule, classes, photos and identity, handouts, majors and old editions, section
 * tests and the assessment checklist, a goods' teachers, the learning prompts, the polyv player's calls; the staff
 * desk's review of certifications and photos and its prompts (./staff.ts).
 */
import type { Handlers } from '../../http/core'
import { handlers as catalogue } from './catalogue'
import { handlers as courses } from './courses'
import { handlers as examine } from './examine'
import { handlers as grades } from './grades'
import { handlers as handouts } from './handouts'
import { handlers as hours } from './hours'
import { handlers as identity } from './identity'
import { handlers as play } from './play'
import { handlers as polyv } from './polyv'
import { handlers as prompt } from './prompt'
import { handlers as staff } from './staff'

export const handlers: Handlers = {
  ...courses,
  ...play,
  ...grades,
  ...identity,
  ...handouts,
  ...hours,
  ...catalogue,
  ...examine,
  ...prompt,
  ...polyv,
  ...staff,
}
