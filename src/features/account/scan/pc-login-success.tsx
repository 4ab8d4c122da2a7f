/**
 * Scan login done (spec route pages4/login/pcLoginSuccess; docs/DECISIONS.md "Scan login"): the learner confirmed on
 * the phone; the computer collects its own session on its next poll. Back to home from here.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import '@/components/form/index.scss'
import ResultHead from '@/components/result-head'
import { themeStyle } from '@/components/theme'
import { HOME_PAGE } from '@/services/session'
import { ts } from './messages'
import './scan.scss'

export default function PcLoginSuccess() {
  const home = () => Taro.switchTab({ url: HOME_PAGE }).catch(() => Taro.reLaunch({ url: HOME_PAGE }))
  return (
    <View className="page pc-login-page pc-done" style={themeStyle}>
      <NavBar title={ts('done.title')} />
      <ResultHead title={ts('done.heading')} />
      <Text className="pc-done-hint">{ts('done.hint')}</Text>
      <View className="pc-done-actions">
        <Button className="form-submit pc-done-home" onClick={() => void home()}>
          {ts('done.home')}
        </Button>
      </View>
    </View>
  )
}
