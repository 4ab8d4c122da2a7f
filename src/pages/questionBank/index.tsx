import { View } from '@tarojs/components'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import TabPage from '@/components/tab-page'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n'

/** Tab 3: this part of the product arrives in a later release; the page says so honestly. */
export default function QuestionBank() {
  return (
    <TabPage index={3}>
      <View className="page" style={themeStyle}>
        <NavBar title={t('questionBank.title')} />
        <Empty text={t('shell.laterRelease')} hint={t('shell.laterReleaseHint')} />
      </View>
    </TabPage>
  )
}
