/**
 * The stamp words of a goods' enrolment profile (`?goodsId=`; docs/DECISIONS.md "Enrolment profile and stamp
 * words"): the school's statement, a box to copy it word for word (checked as it is typed), a handwritten
 * signature when the template asks (the exam's signature pad, uploaded by the upload service), then the stamp,
 * which submits the profile to the school.
 */
import { Button, Image, Text, Textarea, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin } from '@/features/bank/lib'
import { copyWords, PROFILE_STATUS, type StampInfo, stampInfo, stampProfile } from '@/features/profile/api'
import { ApiError } from '@/services/http/error'
import { uploadImage } from '@/services/upload'
import { SignaturePad, type SignaturePadHandle } from '../../exam/components/signature-pad/index'
import { MIN_INK_LENGTH } from '../../exam/components/signature-pad/stroke'
import { tx } from './messages'
import { formUrl, normalizeWords, wordsMatch } from './rules'
import './profile.scss'

const toast = (title: string) => Taro.showToast({ title, icon: 'none' })
const LIST_URL = '/pages2/profile/index'

export default function ProfileStamp() {
  const { params } = useRouter()
  const goodsId = numParam((params as Record<string, string | undefined>).goodsId)
  const [info, setInfo] = useState<StampInfo | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading')
  const [words, setWords] = useState('')
  const [ink, setInk] = useState(0)
  const pad = useRef<SignaturePadHandle>(null)
  const { submitting, run } = useSubmit()

  const load = async () => {
    if (!goodsId) return setStatus('missing')
    setStatus('loading')
    try {
      const i = await stampInfo(goodsId, QUIET)
      setInfo(i)
      setWords(i.stamp?.words ?? '')
      setStatus('ready')
    } catch (e) {
      setStatus(e instanceof ApiError && [400, 403, 404].includes(e.code) ? 'missing' : 'error')
    }
  }

  useDidShow(() => {
    if (requireLogin()) load()
  })

  const submit = () => {
    if (!info || info.profileId === null || submitting) return
    const profileId = info.profileId
    if (!wordsMatch(words, info.stampWords)) return toast(tx('needWords'))
    const signedBefore = !!info.stamp?.signatureUrl
    const drawn = (pad.current?.ink() ?? 0) >= MIN_INK_LENGTH
    if (info.needSignature && !signedBefore && !drawn) return toast(tx('needSign'))
    run(async () => {
      let signatureUrl: string | undefined
      if (info.needSignature && drawn) {
        let image: Awaited<ReturnType<SignaturePadHandle['toImage']>>
        try {
          image = await pad.current!.toImage()
        } catch (e) {
          toast(tx('exportFailed'))
          throw e
        }
        try {
          // uploadImage toasts its own failure
          signatureUrl = (await uploadImage(image.path)).url
        } finally {
          image.dispose?.()
        }
      }
      const same = !!info.stamp && normalizeWords(info.stamp.words) === normalizeWords(words) && !signatureUrl
      if (!same) await copyWords(profileId, words.trim(), signatureUrl, !info.stamp)
      const done = await stampProfile(profileId)
      setInfo({ ...info, status: done.status, stamp: done.stamp })
      Taro.showToast({ title: tx('submitted'), icon: 'success' })
    })
  }

  const matches = !!info && wordsMatch(words, info.stampWords)
  const stamped = info?.status === PROFILE_STATUS.submitted || info?.status === PROFILE_STATUS.locked

  return (
    <View className="page profile-page profile-stamp-page" style={themeStyle}>
      <NavBar title={tx('stampTitle')} />
      {status === 'loading' && <PageLoading rows={5} />}
      {status === 'error' && <Empty text={tx('loadFailed')} actionText={tx('retry')} onAction={load} />}
      {status === 'missing' && <Empty text={tx('empty')} hint={tx('emptyHint')} />}
      {status === 'ready' && info && info.profileId === null && (
        <Empty
          text={tx('noProfile')}
          actionText={tx('fill')}
          onAction={() => Taro.redirectTo({ url: formUrl(info.goodsId) })}
        />
      )}
      {status === 'ready' && info && info.profileId !== null && (
        <View className="pf-form">
          <View className="card pf-statement">
            <Text className="pf-label">{tx('stampWords')}</Text>
            <Text className="pf-statement-text" userSelect={false}>
              {info.stampWords}
            </Text>
          </View>
          {stamped ? (
            <View className="card pf-stamped">
              <Text className="pf-stamped-title">
                {info.status === PROFILE_STATUS.locked ? tx('lockedNote') : tx('stampDone')}
              </Text>
              <Text className="pf-stamped-words">{info.stamp?.words}</Text>
              {!!info.stamp?.signatureUrl && (
                <Image className="pf-signature-img" src={imageUrl(info.stamp.signatureUrl)} mode="aspectFit" />
              )}
              <View className="pf-actions">
                {info.status === PROFILE_STATUS.submitted && (
                  <View
                    className="pf-btn-plain pf-edit"
                    onClick={() => Taro.navigateTo({ url: formUrl(info.goodsId) })}
                  >
                    <Text>{tx('editValues')}</Text>
                  </View>
                )}
                <View className="pf-btn-plain pf-back" onClick={() => Taro.redirectTo({ url: LIST_URL })}>
                  <Text>{tx('back')}</Text>
                </View>
              </View>
            </View>
          ) : (
            <View className="card pf-copy">
              <Text className="pf-intro-inline">{tx('stampIntro')}</Text>
              <Textarea
                className="pf-words"
                value={words}
                maxlength={2000}
                autoHeight
                placeholder={tx('copyHere')}
                onInput={(e) => setWords(String(e.detail?.value ?? ''))}
                disabled={submitting || undefined}
              />
              {!!words.trim() && (
                <Text className={`pf-match ${matches ? 'is-ok' : 'is-off'}`}>
                  {matches ? tx('matches') : tx('differs')}
                </Text>
              )}
              {info.needSignature && (
                <View className="pf-sign">
                  <View className="pf-sign-head">
                    <Text className="pf-label">{tx('signature')}</Text>
                    <Text className="pf-sign-clear" onClick={() => pad.current?.clear()}>
                      {tx('clear')}
                    </Text>
                  </View>
                  {!!info.stamp?.signatureUrl && ink === 0 && <Text className="pf-hint">{tx('signedBefore')}</Text>}
                  <SignaturePad ref={pad} onInk={setInk} disabled={submitting} />
                </View>
              )}
              <Button
                className={`pf-btn pf-submit${submitting ? ' is-busy' : ''}`}
                disabled={submitting || undefined}
                onClick={submit}
              >
                {submitting ? tx('submitting') : tx('submit')}
              </Button>
            </View>
          )}
        </View>
      )}
    </View>
  )
}
