/**
 * weapp: My account's scan button for scan login (docs/DECISIONS.md "Scan login"): the mini-program is the phone;
 * it reads a PC's login QR code with the camera and opens the confirm page (pages4/login/pcLogin) with its ticket.
 */
import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import ScanLine from 'lucide/dist/esm/icons/scan-line.mjs'
import Icon from '@/components/icon'
import { PC_LOGIN_PAGE, ticketOf } from '@/features/scan/api'
import { i18n } from '@/i18n'

const ts = i18n.scope(
  'scanEntry',
  { label: '扫码登录电脑', invalid: '这不是电脑登录二维码' },
  { label: 'Scan to log in on a computer', invalid: 'This is not a computer login QR code' },
)

export function ScanEntry() {
  const scan = async (e: { stopPropagation: () => void }) => {
    e.stopPropagation()
    let text = ''
    try {
      text = (await Taro.scanCode({ onlyFromCamera: true, scanType: ['qrCode'] })).result
    } catch {
      return // the learner closed the camera
    }
    const ticket = ticketOf(text)
    if (!ticket) {
      Taro.showToast({ title: ts('invalid'), icon: 'none' })
      return
    }
    await Taro.navigateTo({ url: `${PC_LOGIN_PAGE}?ticket=${ticket}` })
  }
  // after the bell, which keeps the header's `margin-left: auto`
  return (
    <View className="wd-msg wd-scan" style={{ marginLeft: 0 }} aria-label={ts('label')} onClick={scan}>
      <Icon glyph={ScanLine} className="wd-msg-icon" />
    </View>
  )
}
