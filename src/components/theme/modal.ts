/**
 * The confirm button of every system modal (Taro.showModal) in the school's colour (issue 25): H5 draws it
 * WeChat green (#3CC51F) and weapp WeChat's blue-grey unless told otherwise, which on a blue school's app read as
 * someone else's button. Installed once by the app (src/app.tsx); a call that names its own colour (a red 删除)
 * keeps it. On weapp this wrapper fills the colour; Taro's H5 build calls its API functions directly (not through
 * this object), so H5 has the same rule in CSS (./h5-modal.scss).
 */
import Taro from '@tarojs/taro'

type ShowModal = (opts?: Taro.showModal.Option) => Promise<Taro.showModal.SuccessCallbackResult>

export function installBrandModal(primary: () => string, taro: { showModal: ShowModal } = Taro as never): void {
  const original = taro.showModal as ShowModal & { brandWrapped?: true }
  if (typeof original !== 'function' || original.brandWrapped) return
  const wrapped: ShowModal & { brandWrapped?: true } = (opts = {}) => {
    const colour = primary()
    return original.call(taro, opts.confirmColor || !colour ? opts : { ...opts, confirmColor: colour })
  }
  wrapped.brandWrapped = true
  try {
    taro.showModal = wrapped
  } catch {
    // a frozen API object: the platform's colour stays
  }
}
