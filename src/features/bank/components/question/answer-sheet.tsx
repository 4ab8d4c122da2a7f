import Popup from '@nutui/nutui-react-taro/dist/es/packages/popup/index.js'
import { Text, View } from '@tarojs/components'
import { t } from '@/i18n/sub'
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css.js'
import './index.scss'

/** How a question looks on the sheet. */
export type SheetState = 'right' | 'wrong' | 'partial' | 'pending' | 'answered' | 'empty'

export interface AnswerSheetProps {
  visible: boolean
  states: SheetState[]
  current: number
  onJump: (index: number) => void
  onClose: () => void
}

/** Grid of question numbers coloured by state; a tap jumps to that question. */
export default function AnswerSheet({ visible, states, current, onJump, onClose }: AnswerSheetProps) {
  const answered = states.filter((s) => s !== 'empty').length
  return (
    <Popup
      className="answer-sheet"
      visible={visible}
      position="bottom"
      round
      closeable
      title={t('bank.sheet.title')}
      closeAriaLabel={t('common.cancel')}
      onClose={onClose}
    >
      <View className="answer-sheet-body">
        <Text className="answer-sheet-count">{t('bank.sheet.count', { done: answered, total: states.length })}</Text>
        <View className="answer-sheet-legend">
          <Text className="sheet-dot is-right">{t('bank.state.right')}</Text>
          <Text className="sheet-dot is-wrong">{t('bank.state.wrong')}</Text>
          <Text className="sheet-dot is-answered">{t('bank.sheet.answered')}</Text>
          <Text className="sheet-dot is-empty">{t('bank.sheet.empty')}</Text>
        </View>
        <View className="answer-sheet-grid">
          {states.map((s, i) => (
            <View
              // biome-ignore lint/suspicious/noArrayIndexKey: positions in the attempt
              key={i}
              className={`sheet-item sheet-item-${i} is-${s}${i === current ? ' is-current' : ''}`}
              onClick={() => {
                onJump(i)
                onClose()
              }}
            >
              <Text>{i + 1}</Text>
            </View>
          ))}
        </View>
      </View>
    </Popup>
  )
}
