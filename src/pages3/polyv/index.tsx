/**
 * The player page (spec: pages3/{video-provider} player, default nav bar; ?goodsId&sectionId): the section's
 * video with progress reports, photo checks and anti-skip (SectionPlayback), and the course's chapters and
 * sections under it to switch section. The nav bar title is the section name.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import Empty from '@/components/empty'
import { themeStyle } from '@/components/theme'
import SectionPlayback from '@/components/video-player/playback'
import SectionMenu from '@/components/video-player/section-menu'
import { t } from '@/i18n'
import { numParam, QUIET, requireLogin, useLoader } from '@/pages/questionBank/lib'
import { type CheckVideo, courseMenu } from '@/services/api/learn'
import { isLoggedIn } from '@/store/session'
import '@/components/video-player/index.scss'

export default function PlayerPage() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const goodsId = numParam(p.goodsId)
  const [sectionId, setSectionId] = useState(numParam(p.sectionId))
  const [courseId, setCourseId] = useState<number | null>(null)
  const [loggedIn] = useState(isLoggedIn)
  const menu = useLoader(() => (goodsId && courseId ? courseMenu(goodsId, courseId, QUIET) : Promise.resolve([])))
  const reloadMenu = menu.reload

  useDidShow(() => {
    requireLogin()
  })

  // the course menu follows the course of the section playing, and is refreshed on each switch
  useEffect(() => {
    if (courseId && sectionId) reloadMenu(true)
  }, [courseId, sectionId, reloadMenu])

  const onInfo = useCallback((check: CheckVideo) => {
    setCourseId(check.courseId)
    Taro.setNavigationBarTitle({ title: check.sectionName }).catch(() => undefined)
  }, [])
  const onSwitch = useCallback((next: number) => setSectionId(next), [])

  if (!loggedIn) return <View className="page vp-page" style={themeStyle} />
  if (!goodsId || !sectionId)
    return (
      <View className="page vp-page" style={themeStyle}>
        <Empty text={t('learn.notFound')} />
      </View>
    )
  return (
    <View className="page vp-page" style={themeStyle}>
      <SectionPlayback
        key={sectionId}
        goodsId={goodsId}
        sectionId={sectionId}
        onInfo={onInfo}
        onProgress={() => reloadMenu(true)}
        onSwitch={onSwitch}
      />
      {(menu.data ?? []).length > 0 && (
        <View className="vp-menu-box">
          <SectionMenu
            chapters={menu.data ?? []}
            current={sectionId}
            onPick={(s) => {
              if (s.sectionId !== sectionId) setSectionId(s.sectionId)
            }}
          />
        </View>
      )}
    </View>
  )
}
