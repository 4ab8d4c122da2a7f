import { View } from '@tarojs/components'
import Taro, { usePullDownRefresh } from '@tarojs/taro'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'

/** Tab 2: this part of the product arrives in a later release; the page says so honestly. */
export default function Learn() {
  usePullDownRefresh(() => {
    Taro.stopPullDownRefresh()
  })
  return (
    <TabPage index={2}>
      <View className="page" style={themeStyle}>
        <NavBar title={t('learn.title')} />
        <Empty text={t('shell.laterRelease')} hint={t('shell.laterReleaseHint')} />
      </View>
    </TabPage>
  )
}
