/**
 * Confirm a training booking (spec: pages2/appointment/order?sessionId&examId&siteId&appointmentId): the
 * same flow as kporder for a training session (no commitment letter). Default navigation bar (page config).
 */
import { BookingConfirm } from './confirm'

export default function TrainingOrder() {
  return <BookingConfirm kind="train" />
}
