/** Messages of My account › Points (a page's own part of the one catalogue: `i18n.scope`, in the pages2 subpackage only). */
import { i18n } from '@/i18n'

export const px = i18n.scope(
  'livePoints',
  {
    title: '我的积分',
    balance: '当前积分',
    note: '积分来自直播间的积分红包，可以在直播间打赏讲师。积分不是现金，不能提现或兑换现金。',
    ledger: '积分明细',
    'reason.redpaper': '抢到积分红包',
    'reason.reward_sent': '打赏讲师',
    'reason.reward_received': '收到打赏',
    'reason.grant': '学校发放',
    after: '余额 {n}',
    empty: '还没有积分记录',
    emptyHint: '在直播间抢积分红包可以获得积分',
    toLive: '去看直播',
  },
  {
    title: 'My points',
    balance: 'Points now',
    note: 'Points come from points packets in live classes and can reward a lecturer there. Points are not money: they cannot be cashed out.',
    ledger: 'History',
    'reason.redpaper': 'Points packet',
    'reason.reward_sent': 'Rewarded the lecturer',
    'reason.reward_received': 'Reward received',
    'reason.grant': 'Given by the school',
    after: 'Balance {n}',
    empty: 'No points yet',
    emptyHint: 'Open points packets in live classes to earn points',
    toLive: 'Live classes',
  },
)
