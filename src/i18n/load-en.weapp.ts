/** weapp: no lazy chunks in the mini-program runtime; the catalogue ships in the main package. */
import en from '../../shared/i18n/en'

export const loadEn = async () => en
