/**
 * Where buying is hidden (docs/DECISIONS.md "Shop, account and home fixes"). The school's `client.config`
 * `hideBuyState` exists for platform rules, not for taste: a WeChat mini-program on iOS may not sell virtual goods
 * (courses, question banks, live classes), and a mini-program under review or without the payment category may not
 * sell at all. A school's own website (H5, inside WeChat's browser too) always sells.
 *
 * - absent, false, 0: buying everywhere;
 * - true, 1, 'ios': no buying in the mini-program on iOS devices (iPhone, iPad); Android mini-programs and H5 sell;
 * - 'weapp': no buying in the mini-program on any device; H5 sells.
 */
export type BuyRule = 'everywhere' | 'notIosWeapp' | 'notWeapp'

export interface BuyEnv {
  /** the WeChat mini-program build */
  weapp: boolean
  /** the device runs iOS (iPhone, iPad) */
  ios: boolean
}

export function buyRule(flag: unknown): BuyRule {
  const v = typeof flag === 'string' ? flag.trim().toLowerCase() : flag
  if (v === 'weapp' || v === 'all') return 'notWeapp'
  if (v === true || v === 1 || v === '1' || v === 'true' || v === 'ios') return 'notIosWeapp'
  return 'everywhere'
}

/** True when this platform must not show prices, carts, orders or any other door to buying. */
export function buyHidden(flag: unknown, env: BuyEnv): boolean {
  const rule = buyRule(flag)
  if (rule === 'everywhere' || !env.weapp) return false
  return rule === 'notWeapp' || env.ios
}

/** Pages that exist to sell: a goods or package page, the cart, the checkout and the offer landings. */
const SELLING_PAGES = [
  /^\/?pages3\/course\/(detail|jydetail)(\?|$)/,
  /^\/?pages4\/shopping\/shoppingCart(\?|$)/,
  /^\/?pages2\/order\/confirm_list(\?|$)/,
  /^\/?pages5\/scan\/(recommen|retailact|packPage)(\?|$)/,
]

/** A link (advert, banner) whose page exists to sell: left out where buying is hidden. */
export function sellsLink(url: unknown): boolean {
  if (typeof url !== 'string') return false
  const path = url.trim()
  return SELLING_PAGES.some((re) => re.test(path))
}
