/**
 * Identity certification, step 2 (spec: pages2/verify/input2): a photo of the face (camera; on H5 the browser
 * may offer its file picker instead), checked by ImageRecognition, then the whole certification is submitted.
 * The answer is shown as the server gives it: the local provider leaves it pending for a person to review.
 */
import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin } from '@/features/bank/lib'
import { type Certification, faceRecognition, REVIEW_STATUS, submitCertification } from '@/features/learn/api'
import { type MessageKey, t } from '@/i18n/sub'
import { getInfo } from '@/services/api/user'
import { ApiError } from '@/services/http/request'
import { chooseAndUploadImages } from '@/services/upload'
import { useSession } from '@/store/session'
import { certDraft, type UploadState, UploadStatus, VERIFY_URL } from './shared'
import '@/components/form/index.scss'
import '@/features/user/wd.scss'
import './verify.scss'

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'done'; status: number; msg: string }

const RESULT_TITLE: Record<number, MessageKey> = {
  [REVIEW_STATUS.pending]: 'verify.result.pending',
  [REVIEW_STATUS.approved]: 'verify.result.approved',
  [REVIEW_STATUS.rejected]: 'verify.result.rejected',
}

function Result({ r }: { r: Certification }) {
  const title = RESULT_TITLE[r.status]
  return (
    <>
      <View className={`verify-state verify-result verify-result-${r.status}`}>
        {title && <Text className="verify-state-title">{t(title)}</Text>}
        {!!r.msg && <Text className="verify-state-hint verify-result-msg">{r.msg}</Text>}
      </View>
      <View className="profile-actions">
        <Button className="form-submit verify-to-info" onClick={() => Taro.redirectTo({ url: VERIFY_URL.info })}>
          {t('verify.back.info')}
        </Button>
        <View className="profile-secondary verify-to-wd" onClick={() => Taro.switchTab({ url: '/pages/wd/index' })}>
          {t('verify.back.wd')}
        </View>
      </View>
    </>
  )
}

export default function VerifyInput2() {
  useDidShow(() => {
    requireLogin()
  })
  const [draft] = useState(certDraft.get)
  const [face, setFace] = useState('')
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' })
  const [check, setCheck] = useState<Check>({ state: 'idle' })
  const [error, setError] = useState<MessageKey | undefined>()
  const [result, setResult] = useState<Certification | null>(null)
  const { submitting, run } = useSubmit()
  const busy = upload.state === 'uploading' || check.state === 'checking'
  const refused = check.state === 'done' && check.status === REVIEW_STATUS.rejected

  const take = async () => {
    if (busy || submitting) return
    // 'uploading' from the first progress event: a picker closed without a choice may never answer on H5
    setUpload({ state: 'idle' })
    let url: string | undefined
    try {
      const files = await chooseAndUploadImages({
        count: 1,
        sourceType: ['camera'],
        onProgress: (p) => setUpload({ state: 'uploading', percent: p }),
      })
      url = files[0]?.url
    } catch {
      setUpload({ state: 'failed' })
      return
    }
    setUpload({ state: 'idle' })
    if (!url) return
    setFace(url)
    setError(undefined)
    setCheck({ state: 'checking' })
    try {
      const r = await faceRecognition(url, QUIET)
      setCheck({ state: 'done', status: r.status, msg: r.msg })
    } catch (e) {
      setCheck({ state: 'done', status: REVIEW_STATUS.pending, msg: e instanceof ApiError ? e.msg : '' })
    }
  }

  const submit = async () => {
    if (!draft || busy || submitting) return
    if (!face || refused) {
      setError(face ? 'verify.face.rejected' : 'verify.err.face')
      return
    }
    await run(async () => {
      const r = await submitCertification({ ...draft, faceImageUrl: face })
      certDraft.clear()
      setResult(r)
      getInfo(QUIET)
        .then((u) => useSession.getState().setUserInfo(u))
        .catch(() => undefined)
    })
  }

  return (
    <View className="profile-page verify-page verify-input2" style={themeStyle}>
      <NavBar title={t('verify.title')} />
      {result ? (
        <Result r={result} />
      ) : !draft ? (
        <View className="verify-state verify-no-draft">
          <Text className="verify-state-title">{t('verify.noDraft')}</Text>
          <View className="verify-photo-btn verify-to-step1" onClick={() => Taro.redirectTo({ url: VERIFY_URL.input })}>
            {t('verify.toStep1')}
          </View>
        </View>
      ) : (
        <>
          <Text className="verify-step">{t('verify.step2')}</Text>
          <View className="profile-card">
            <View className="verify-photo-box">
              <Text className="verify-photo-label">{t('verify.face.photo')}</Text>
              {face ? (
                <Image className="verify-photo verify-face-photo" src={face} mode="aspectFit" />
              ) : (
                <View className="verify-photo verify-photo-empty verify-face-empty" />
              )}
              <Text className="verify-ocr-hint">{t('verify.face.hint')}</Text>
              <View className={`verify-photo-btn verify-take-face${busy ? ' is-disabled' : ''}`} onClick={take}>
                {face ? t('verify.face.again') : t('verify.face.take')}
              </View>
              <UploadStatus upload={upload} />
              {check.state === 'checking' && <Text className="verify-ocr-msg">{t('verify.face.checking')}</Text>}
              {check.state === 'done' && !!check.msg && (
                <Text className="verify-ocr-msg verify-face-msg">{check.msg}</Text>
              )}
              {error && <Text className="form-error verify-face-error">{t(error)}</Text>}
            </View>
          </View>
          <View className="profile-actions">
            <Button
              className={`form-submit verify-submit${submitting ? ' is-busy' : ''}`}
              disabled={busy || submitting || undefined}
              onClick={submit}
            >
              {submitting ? t('verify.submitting') : t('verify.submit')}
            </Button>
          </View>
        </>
      )}
    </View>
  )
}
