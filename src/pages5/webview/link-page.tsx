import { View, WebView } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useMemo } from 'react'
import Empty from '@/components/empty'
import { isTabPath } from '@/components/tab-bar/tabs'
import { themeStyle } from '@/components/theme'
import { classifyLink } from '@/domain/link'
import { t } from '@/i18n'

function decode(v: string | undefined): string {
  if (!v) return ''
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/**
 * Shared body of the web-view pages. `allowPages`: an in-app route in `url` is opened (sdlink);
 * otherwise only http(s) links are shown and anything else is 'the link does not exist'.
 */
export default function LinkPage({ allowPages }: { allowPages: boolean }) {
  const { params } = useRouter()
  const target = useMemo(() => classifyLink(decode(params.url)), [params.url])

  useEffect(() => {
    if (allowPages && target.kind === 'page') {
      const url = target.path
      if (isTabPath(url)) Taro.switchTab({ url: url.split('?')[0] })
      else Taro.redirectTo({ url })
    }
  }, [allowPages, target])

  if (target.kind === 'web') return <WebView src={target.url} />
  if (allowPages && target.kind === 'page') return <View className="page" style={themeStyle} />
  return (
    <View className="page webview-missing" style={themeStyle}>
      <Empty
        text={t('error.linkMissing')}
        actionText={t('shell.backHome')}
        onAction={() => Taro.switchTab({ url: '/pages/index/index' })}
      />
    </View>
  )
}
