/** Learning area handlers (docs/DECISIONS.md "Learning"): courses and hours, playback, classes, photos and identity, handouts. */
import type { Handlers } from '../../http/core'
import { handlers as courses } from './courses'
import { handlers as grades } from './grades'
import { handlers as handouts } from './handouts'
import { handlers as identity } from './identity'
import { handlers as play } from './play'

export const handlers: Handlers = { ...courses, ...play, ...grades, ...identity, ...handouts }
