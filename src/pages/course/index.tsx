import { View } from '@tarojs/components'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'

/** Tab 1: this part of the product arrives in a later release; the page says so honestly. */
export default function Course() {
  return (
    <TabPage index={1}>
      <View className="page" style={themeStyle}>
        <NavBar title={t('course.title')} />
        <Empty text={t('shell.laterRelease')} hint={t('shell.laterReleaseHint')} />
      </View>
    </TabPage>
  )
}
