/**
 * Customer service (spec: pages5/counselor/index): the school's service hotline with its
 * service time (tap to call, copy) and its WeChat service (QR code, number to copy), each shown when the consult
 * config switches it on: the same parts as the floating widget's panels, as a page the home grid links to;
 * below them the school's profile for a logged-in learner (./school.tsx) and its consultation articles (./articles.tsx).
 */
import { Text, View } from '@tarojs/components'
import Taro, { useLoad } from '@tarojs/taro'
import { useState } from 'react'
import Empty from '@/components/empty'
import { HotlineInfo, serviceParts, WechatInfo } from '@/components/floating-widget'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { useApp } from '@/store/app'
import CounselorArticles from './articles'
import { tx } from './messages'
import CounselorSchool from './school'
import './index.scss'

export default function Counselor() {
  const consult = useApp((s) => s.consultMobile)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>(consult ? 'ready' : 'loading')

  const load = () => {
    setStatus('loading')
    useApp
      .getState()
      .loadConfig()
      .then(() => setStatus('ready'))
      .catch(() => setStatus('error'))
  }

  useLoad(() => {
    // the launch loads the config; opened on its own (or before it arrived) the page asks for it
    if (!useApp.getState().consultMobile) load()
  })

  const { hotline, wechat } = serviceParts(consult)

  return (
    <View className="page counselor-page" style={themeStyle}>
      <NavBar title={tx('title')} />
      {status === 'loading' && <PageLoading rows={3} />}
      {status === 'error' && <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={load} />}
      {status === 'ready' && consult && (hotline || wechat) && (
        <View className="page-body">
          <Text className="counselor-intro">{tx('intro')}</Text>
          {hotline && (
            <View className="card counselor-card counselor-hotline">
              <Text className="counselor-card-title">{tx('hotline')}</Text>
              <HotlineInfo consult={consult} />
              <View className="counselor-actions">
                <View
                  className="counselor-btn counselor-call"
                  onClick={() => Taro.makePhoneCall({ phoneNumber: String(consult.serviceNumber) })}
                >
                  <Text>{tx('call')}</Text>
                </View>
                <View
                  className="counselor-btn counselor-btn-plain counselor-copy"
                  onClick={() =>
                    Promise.resolve(Taro.setClipboardData({ data: String(consult.serviceNumber) })).then(() =>
                      Taro.showToast({ title: t('shell.copied'), icon: 'none' }),
                    )
                  }
                >
                  <Text>{tx('copy')}</Text>
                </View>
              </View>
            </View>
          )}
          {wechat && (
            <View className="card counselor-card counselor-wechat">
              <Text className="counselor-card-title">{tx('wechat')}</Text>
              <WechatInfo consult={consult} />
              <Text className="fw-hint counselor-qr-hint">{tx('wechatHint')}</Text>
            </View>
          )}
          <CounselorSchool />
          <CounselorArticles />
        </View>
      )}
      {status === 'ready' && !(hotline || wechat) && (
        <>
          <Empty
            text={tx('none')}
            hint={tx('noneHint')}
            actionText={tx('home')}
            onAction={() => Taro.switchTab({ url: '/pages/index/index' })}
          />
          <View className="page-body">
            <CounselorSchool />
            <CounselorArticles />
          </View>
        </>
      )}
    </View>
  )
}
