import { Text, View, WebView } from '@tarojs/components'
import Taro, { useRouter } from '@tarojs/taro'
import { useEffect, useMemo } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { isTabPath } from '@/components/tab-bar/tabs'
import { themeStyle } from '@/components/theme'
import { classifyLink } from '@/lib/link'
import { tx } from './messages'
import './link-page.scss'

function decode(v: string | undefined): string {
  if (!v) return ''
  try {
    return decodeURIComponent(v)
  } catch {
    return v
  }
}

/**
 * What the learner sees instead of a page that cannot open: an unusable link ('the link does not exist', spec
 * §5) or a route the app does not have (`missing`, sent here by src/app.tsx's onPageNotFound and by openLink):
 * the nav bar with the title, the message, the address asked for, and the ways home and back.
 */
export function NotFound({ missing }: { missing: string }) {
  const canGoBack = Taro.getCurrentPages().length > 1
  return (
    <View className="page webview-missing" style={themeStyle}>
      <NavBar title={missing ? tx('notFound.title') : tx('linkMissing.title')} />
      <Empty
        text={missing ? tx('notFound.text') : tx('linkMissing.title')}
        hint={missing ? tx('notFound.hint') : tx('linkMissing.hint')}
      />
      {!!missing && <Text className="not-found-path">{tx('notFound.path', { path: missing })}</Text>}
      <View className="not-found-actions">
        <View className="not-found-btn not-found-home" onClick={() => Taro.switchTab({ url: '/pages/index/index' })}>
          <Text>{tx('home')}</Text>
        </View>
        {canGoBack && (
          <View
            className="not-found-btn not-found-btn-plain not-found-back"
            onClick={() => Promise.resolve(Taro.navigateBack()).catch(() => undefined)}
          >
            <Text>{tx('back')}</Text>
          </View>
        )}
      </View>
    </View>
  )
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
  return <NotFound missing={decode(params.missing)} />
}
