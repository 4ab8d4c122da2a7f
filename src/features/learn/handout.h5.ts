/**
 * H5: a handout opens in a new window (the browser's PDF viewer). The window is opened inside the tap, before
 * the signed URL arrives, because popup blockers refuse a window opened later; if it was refused anyway the
 * file opens in this tab.
 */
import type { MessageKey } from '../../i18n'
import type { HandoutFile } from './api'

/** where the file opens, for the handout tip */
export const HANDOUT_OPENS_IN: MessageKey = 'stuff.where.h5'

export async function openHandout(load: () => Promise<HandoutFile>): Promise<void> {
  const win = window.open('', '_blank')
  let file: HandoutFile
  try {
    file = await load()
  } catch (e) {
    win?.close()
    throw e
  }
  if (win && !win.closed) {
    win.opener = null
    win.location.href = file.url
  } else {
    window.location.assign(file.url)
  }
}
