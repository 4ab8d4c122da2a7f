/** A form's inline errors: per field, the i18n key of its first problem (pages show it next to the field). */
import type { MessageKey } from '@/i18n/sub'

export type FormErrors<F extends string> = Partial<Record<F, MessageKey>>

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.values(errors).some(Boolean)
}
