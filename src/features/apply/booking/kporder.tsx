/**
 * Confirm an exam-site booking (spec: pages2/appointment/kporder?sessionId&examId&siteId&appointmentId):
 * book the session, or move the booking `appointmentId` to it. Default navigation bar (page config).
 */
import { BookingConfirm } from './confirm'

export default function ExamSiteOrder() {
  return <BookingConfirm kind="exam" />
}
