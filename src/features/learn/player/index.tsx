/**
 * The player page (spec: pages3/{video-provider} player; ?goodsId&sectionId): the section's
 * video with progress reports, photo checks and anti-skip (SectionPlayback), and the course's chapters and
 * sections under it to switch section. The nav bar (the app's own, as on every page) shows the section name.
 * An audition section plays for any logged-in learner (a free trial, credited nothing); a visitor is sent to log
 * in once and comes back here to play (the goods detail's 试听 opens this page).
 * Under the video: the section's notes (./notes-panel.tsx: take a note at the current time, tap one to go back
 * there; ?at= seconds opens the section there) and asking the teachers about it.
 */
import { View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { LOGIN_URL, numParam, QUIET, useLoader } from '@/features/bank/lib'
import { type CheckVideo, courseMenu, type MenuChapter } from '@/features/learn/api'
import SectionPlayback, { type SectionLive } from '@/features/learn/components/video-player/playback'
import SectionMenu from '@/features/learn/components/video-player/section-menu'
import { courseMenu as publicMenu } from '@/features/shop/api'
import { t } from '@/i18n/sub'
import { useSession } from '@/store/session'
import NotesPanel from './notes-panel'
import '@/features/learn/components/video-player/index.scss'

export default function PlayerPage() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const goodsId = numParam(p.goodsId)
  const [sectionId, setSectionId] = useState(numParam(p.sectionId))
  // opened from a note (My notes): ?at= seconds into the section first opened (docs/DECISIONS.md "Notes")
  const [openedAt] = useState(() => ({ sectionId: numParam(p.sectionId), at: numParam(p.at) }))
  const [courseId, setCourseId] = useState<number | null>(null)
  const loggedIn = useSession((s) => !!s.userAccount)
  const [title, setTitle] = useState('')
  // a free trial (no grant): the course's public contents, where only the sections free to try play
  const [trial, setTrial] = useState(false)
  const free = useRef(new Set<number>())
  const menu = useLoader(async (): Promise<MenuChapter[]> => {
    if (!goodsId || !courseId) return []
    if (!trial) return courseMenu(goodsId, courseId, QUIET)
    const chapters = await publicMenu({ goodsId, courseId }, QUIET)
    free.current = new Set(chapters.flatMap((c) => c.sectionList.filter((s) => s.audition).map((s) => s.sectionId)))
    return chapters.map((c) => ({
      ...c,
      finishedSectionNum: 0,
      sectionList: c.sectionList.map((s) => ({
        ...s,
        status: 0,
        position: 0,
        furthest: 0,
        creditedSeconds: 0,
        percent: 0,
      })),
    }))
  })
  const reloadMenu = menu.reload

  // the playing section's progress as the server last answered it: its menu row shows this, as the player does
  const [live, setLive] = useState<SectionLive | null>(null)
  const liveStatus = useRef<{ sectionId: number; status: number } | null>(null)
  const onProgress = useCallback(
    (p: SectionLive) => {
      const before = liveStatus.current
      liveStatus.current = { sectionId: p.sectionId, status: p.status }
      setLive(p)
      // finished now: the chapter's count of finished sections changes too
      if (before && before.sectionId === p.sectionId && before.status !== p.status) reloadMenu(true)
    },
    [reloadMenu],
  )
  const chapters = (menu.data ?? []).map((c) =>
    !live || trial || !c.sectionList.some((x) => x.sectionId === live.sectionId)
      ? c
      : {
          ...c,
          sectionList: c.sectionList.map((x) =>
            x.sectionId === live.sectionId
              ? {
                  ...x,
                  status: live.status,
                  furthest: live.furthest,
                  creditedSeconds: live.creditedSeconds,
                  percent: live.percent,
                }
              : x,
          ),
        },
  )

  // a visitor logs in on top of this page and comes back to play; asked once (back without logging in: a prompt)
  const askedLogin = useRef(false)
  const toLogin = () => Taro.navigateTo({ url: LOGIN_URL }).catch(() => undefined)
  useDidShow(() => {
    if (useSession.getState().userAccount || askedLogin.current) return
    askedLogin.current = true
    toLogin()
  })

  // the course menu follows the course of the section playing, and is refreshed on each switch
  // biome-ignore lint/correctness/useExhaustiveDependencies: a trial switches the menu's source
  useEffect(() => {
    if (courseId && sectionId) reloadMenu(true)
  }, [courseId, sectionId, trial, reloadMenu])

  const onInfo = useCallback((check: CheckVideo) => {
    setCourseId(check.courseId)
    setTitle(check.sectionName)
    setTrial(check.trial)
  }, [])
  const onSwitch = useCallback((next: number) => setSectionId(next), [])

  const nav = <NavBar title={title || t('learn.details.title')} />
  if (!loggedIn)
    return (
      <View className="page vp-page" style={themeStyle}>
        {nav}
        <Empty text={t('learn.player.loginFirst')} actionText={t('common.login')} onAction={toLogin} />
      </View>
    )
  if (!goodsId || !sectionId)
    return (
      <View className="page vp-page" style={themeStyle}>
        {nav}
        <Empty text={t('learn.notFound')} />
      </View>
    )
  return (
    <View className="page vp-page" style={themeStyle}>
      {nav}
      {/* one playback for every section played here: the next section plays on in the same video element */}
      <SectionPlayback
        goodsId={goodsId}
        sectionId={sectionId}
        onInfo={onInfo}
        onProgress={onProgress}
        onSwitch={onSwitch}
        renderTools={(control) => (
          <NotesPanel
            goodsId={goodsId}
            sectionId={sectionId}
            sectionName={title}
            canAsk={!trial}
            control={control}
            startAt={sectionId === openedAt.sectionId ? openedAt.at : undefined}
          />
        )}
      />
      {chapters.length > 0 && (
        <View className="vp-menu-box">
          <SectionMenu
            chapters={chapters}
            current={sectionId}
            onPick={(s) => {
              if (trial && !free.current.has(s.sectionId))
                Taro.showToast({ title: t('shop.menu.locked'), icon: 'none' }).catch(() => undefined)
              else if (s.sectionId !== sectionId) setSectionId(s.sectionId)
            }}
            stateOf={
              trial ? (s) => t(free.current.has(s.sectionId) ? 'shop.menu.audition' : 'shop.menu.locked') : undefined
            }
          />
        </View>
      )}
    </View>
  )
}
