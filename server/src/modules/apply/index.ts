/**
 * Appointments and applications (docs/DECISIONS.md "Exams"): areas and sites, sessions and bookings, the
 * commitment letter, mock-exam applications. Entry conditions and exam rows come from ../exam.
 */
import type { Handlers } from '../../http/core'
import { handlers as booking } from './booking'
import { handlers as letter } from './letter'
import { handlers as mock } from './mock'
import { handlers as sites } from './sites'

export const handlers: Handlers = { ...sites, ...booking, ...letter, ...mock }
