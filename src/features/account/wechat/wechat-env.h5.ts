/**
 * H5: WeChat login only inside WeChat's browser (user agent MicroMessenger), through the official account's web
 * OAuth (snsapi_base): the page sends the learner to open.weixin.qq.com with a random `state` kept in this tab's
 * sessionStorage, WeChat sends them back with `?code=&state=`, and the code goes to the server. Elsewhere (a plain
 * browser) there is no WeChat login.
 */
export type WechatKind = 'mini' | 'gzh'

const STATE_KEY = 'wx_oauth_state'
const AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize'

export const wechatKind = (): WechatKind | null =>
  typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent) ? 'gzh' : null

export async function miniLoginCode(): Promise<string> {
  throw new Error('wx.login exists only in the mini program')
}

/** where the page goes (tests replace it: jsdom does not navigate) */
export const nav = { assign: (url: string) => window.location.assign(url) }

/** this page's address, without a #fragment (what the JS-SDK config is signed for) */
const pageUrl = () => window.location.href.split('#')[0]!

/** this page's address without the code and state WeChat adds (the OAuth redirect_uri) */
function returnUrl(): string {
  const u = new URL(pageUrl())
  u.searchParams.delete('code')
  u.searchParams.delete('state')
  return u.toString()
}

function randomState(): string {
  const bytes = new Uint8Array(12)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Sends the learner to WeChat's OAuth page of the school's official account. */
export function gzhAuthorize(appId: string): void {
  const state = randomState()
  try {
    sessionStorage.setItem(STATE_KEY, state)
  } catch {
    // private mode without storage: the state cannot be checked on return, so the code will be refused there
  }
  const q = new URLSearchParams({
    appid: appId,
    redirect_uri: returnUrl(),
    response_type: 'code',
    scope: 'snsapi_base',
    state,
  })
  nav.assign(`${AUTHORIZE}?${q}#wechat_redirect`)
}

/** What the page finds on its address: nothing, WeChat's code (with the state this tab sent), or a code refused. */
export type GzhReturn = null | { code: string } | { refused: true }

/**
 * Back from WeChat: the OAuth code when the URL carries one with the state this tab sent, taken out of the address
 * once (a reload does not send a used code again); `refused` when the state is not this tab's (a forged or stale
 * link: the code is not used).
 */
export function gzhReturn(): GzhReturn {
  const u = new URL(window.location.href)
  const code = u.searchParams.get('code')
  const state = u.searchParams.get('state')
  if (!code) return null
  let expected: string | null = null
  try {
    expected = sessionStorage.getItem(STATE_KEY)
    sessionStorage.removeItem(STATE_KEY)
  } catch {
    expected = null
  }
  u.searchParams.delete('code')
  u.searchParams.delete('state')
  window.history.replaceState(window.history.state, '', u.toString())
  return expected && state === expected ? { code } : { refused: true }
}
