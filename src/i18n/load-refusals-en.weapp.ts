/** weapp: no lazy chunks; only ./sub.ts imports this, so the texts ship in the subpackages, not the main package. */
import en from '../../shared/i18n/en/refusals'

export const loadRefusalsEn = async () => en
