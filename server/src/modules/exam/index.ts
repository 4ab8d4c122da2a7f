/**
 * Exam handlers (docs/DECISIONS.md "Exams"): formal exams and timed attempts, mock-exam attempts, rankings,
 * certificates (and the staff desk's list and revocation) and personal-info confirmation. Appointments, sites, the commitment letter and mock applications
 * are the apply module's.
 */
import type { Handlers } from '../../http/core'
import { handlers as exams } from './exams'
import { handlers as mock } from './mock'
import { handlers as profile } from './profile'
import { handlers as staff } from './staff'

export const handlers: Handlers = { ...exams, ...mock, ...profile, ...staff }
