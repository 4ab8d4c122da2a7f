/** H5 (the school's website, in any browser, WeChat's included): buying is never hidden here (src/domain/buy.ts). */
import type { BuyEnv } from '@/domain/buy'

export const buyEnv = (): BuyEnv => ({ weapp: false, ios: false })
