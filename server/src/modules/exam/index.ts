/**
 * Exam handlers (docs/DECISIONS.md "Exams"): formal exams and timed attempts, mock-exam attempts, rankings,
 * certificates and personal-info confirmation. Appointments, sites, the commitment letter and mock applications
 * are the apply module's.
 */
import type { Handlers } from '../../http/core'
import { handlers as exams } from './exams'
import { handlers as mock } from './mock'
import { handlers as profile } from './profile'

export const handlers: Handlers = { ...exams, ...mock, ...profile }
