/**
 * The learner's first-choice goods (POST /order/firstChoiceGoods). The server keeps it; no call reads it
 * back, so the choice made in this run is remembered here (per account) and the learning tab lists that
 * goods first.
 */
import { create } from 'zustand'
import { firstChoiceGoods } from '@/services/api/shop'
import { useSession } from '@/store/session'

interface FirstChoiceState {
  account: string | null
  goodsId: number | null
  choose: (goodsId: number) => Promise<void>
}

export const useFirstChoice = create<FirstChoiceState>()((set) => ({
  account: null,
  goodsId: null,
  choose: async (goodsId) => {
    await firstChoiceGoods(goodsId)
    set({ goodsId, account: useSession.getState().userAccount })
  },
}))

/** The current learner's choice made in this run, or null. */
export function useFirstChoiceId(): number | null {
  const account = useSession((s) => s.userAccount)
  return useFirstChoice((s) => (s.account !== null && s.account === account ? s.goodsId : null))
}
