/** H5 (the school's website, in any browser, WeChat's included): buying is never hidden here (shared/rules/buy.ts). */
import type { BuyEnv } from '../../../shared/rules/buy'

export const buyEnv = (): BuyEnv => ({ weapp: false, ios: false })
