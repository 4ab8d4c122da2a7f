/**
 * Identity certification, step 1 (spec: pages2/verify/input): the current status first (pending: nothing to
 * fill; approved: the masked name and ID; rejected or none: the form). Form: real name, 18-character ID number
 * (format and GB 11643 check digit), a photo of the ID card (uploaded, then read by OCR when a provider can).
 * Step 2 (input2) gets the data from `certDraft` in memory: an ID number never travels in a URL.
 */
import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { type FormErrors, hasErrors } from '@/components/form/errors'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { idCardOcr, REVIEW_STATUS } from '@/features/learn/api'
import { t } from '@/i18n/sub'
import { ApiError } from '@/services/http/request'
import { chooseAndUploadImages } from '@/services/upload'
import '@/features/user/wd.scss'
import './verify.scss'
import { normalizeIdCard } from '../../../../shared/rules/id-card'

import {
  certDraft,
  idCardError,
  maskName,
  realNameError,
  type UploadState,
  UploadStatus,
  useUser,
  VERIFY_URL,
} from './shared'

type OcrState = { state: 'idle' } | { state: 'reading' } | { state: 'done'; filled: boolean; msg: string }

function CertForm({ rejected }: { rejected: boolean }) {
  const kept = certDraft.get()
  const [realName, setRealName] = useState(kept?.realName ?? '')
  const [idCard, setIdCard] = useState(kept?.idCard ?? '')
  const [photo, setPhoto] = useState(kept?.idCardImageUrl ?? '')
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' })
  const [ocr, setOcr] = useState<OcrState>({ state: 'idle' })
  const [errors, setErrors] = useState<FormErrors<'realName' | 'idCard' | 'photo'>>({})
  const busy = upload.state === 'uploading' || ocr.state === 'reading'

  const pick = async () => {
    if (busy) return
    // 'uploading' from the first progress event: a picker closed without a choice may never answer on H5
    setUpload({ state: 'idle' })
    let url: string | undefined
    try {
      const files = await chooseAndUploadImages({
        count: 1,
        sourceType: ['album', 'camera'],
        onProgress: (p) => setUpload({ state: 'uploading', percent: p }),
      })
      url = files[0]?.url
    } catch {
      setUpload({ state: 'failed' })
      return
    }
    setUpload({ state: 'idle' })
    if (!url) return // cancelled: keep the photo there was
    setPhoto(url)
    setErrors((e) => ({ ...e, photo: undefined }))
    setOcr({ state: 'reading' })
    try {
      const r = await idCardOcr(url, 'front', QUIET)
      if (r.realName) setRealName(r.realName)
      if (r.idCard) setIdCard(r.idCard)
      const filled = !!(r.realName || r.idCard)
      setOcr({ state: 'done', filled, msg: r.msg })
    } catch (e) {
      // no provider (or it failed): the learner types them
      setOcr({ state: 'done', filled: false, msg: e instanceof ApiError ? e.msg : '' })
    }
  }

  const next = () => {
    if (busy) return
    const e = {
      realName: realNameError(realName),
      idCard: idCardError(idCard),
      photo: photo ? undefined : ('verify.err.idPhoto' as const),
    }
    setErrors(e)
    if (hasErrors(e)) return
    certDraft.set({ realName: realName.trim(), idCard: normalizeIdCard(idCard), idCardImageUrl: photo })
    Taro.navigateTo({ url: VERIFY_URL.input2 })
  }

  return (
    <>
      {rejected && (
        <View className="verify-state verify-rejected">
          <Text className="verify-state-title">{t('verify.rejected.title')}</Text>
          <Text className="verify-state-hint">{t('verify.rejected.hint')}</Text>
        </View>
      )}
      <Text className="verify-step">{t('verify.step1')}</Text>
      <View className="profile-card">
        <View className="verify-photo-box">
          <Text className="verify-photo-label">{t('verify.idPhoto')}</Text>
          {photo ? (
            <Image className="verify-photo verify-id-photo" src={photo} mode="aspectFit" />
          ) : (
            <View className="verify-photo verify-photo-empty" />
          )}
          <View className={`verify-photo-btn verify-pick-id${busy ? ' is-disabled' : ''}`} onClick={pick}>
            {photo ? t('verify.idPhoto.again') : t('verify.idPhoto.choose')}
          </View>
          <UploadStatus upload={upload} />
          {ocr.state === 'reading' && <Text className="verify-ocr-msg">{t('verify.ocr.reading')}</Text>}
          {ocr.state === 'done' && (
            <View className="verify-ocr">
              {!!ocr.msg && <Text className="verify-ocr-msg">{ocr.msg}</Text>}
              <Text className="verify-ocr-hint">{t(ocr.filled ? 'verify.ocr.filled' : 'verify.ocr.manual')}</Text>
            </View>
          )}
          {errors.photo && <Text className="form-error verify-photo-error">{t(errors.photo)}</Text>}
        </View>
        <Field label={t('verify.realName')} error={errors.realName}>
          <TextInput
            className="verify-realname"
            value={realName}
            onChange={setRealName}
            maxlength={30}
            placeholder={t('verify.realName.placeholder')}
          />
        </Field>
        <Field label={t('verify.idCard')} error={errors.idCard}>
          <TextInput
            className="verify-idcard"
            value={idCard}
            onChange={setIdCard}
            maxlength={18}
            placeholder={t('verify.idCard.placeholder')}
          />
        </Field>
      </View>
      <Text className="verify-note">{t('verify.privacy')}</Text>
      <View className="profile-actions">
        <Button className="form-submit verify-next" disabled={busy || undefined} onClick={next}>
          {t('verify.next')}
        </Button>
      </View>
    </>
  )
}

export default function VerifyInput() {
  const user = useUser()
  useDidShow(() => {
    if (requireLogin()) user.reload(user.status === 'ready')
  })
  const u = user.data
  const status = u?.certStatus ?? REVIEW_STATUS.none
  return (
    <View className="profile-page verify-page verify-input" style={themeStyle}>
      <NavBar title={t('verify.title')} />
      <StatusBox status={user.status} empty={false} emptyText="" onRetry={() => user.reload()} rows={3}>
        {status === REVIEW_STATUS.pending && (
          <View className="verify-state verify-pending">
            <Text className="verify-state-title">{t('verify.pending.title')}</Text>
            <Text className="verify-state-hint">{t('verify.pending.hint')}</Text>
          </View>
        )}
        {status === REVIEW_STATUS.approved && (
          <View className="verify-state verify-approved">
            <Text className="verify-state-title">{t('verify.approved.title')}</Text>
            <View className="verify-state-row">
              <Text>{t('verify.info.name')}</Text>
              <Text className="verify-approved-name">{maskName(u?.realName ?? '')}</Text>
            </View>
            <View className="verify-state-row">
              <Text>{t('verify.info.idCard')}</Text>
              <Text className="verify-approved-id">{u?.idCard}</Text>
            </View>
          </View>
        )}
        {status !== REVIEW_STATUS.pending && status !== REVIEW_STATUS.approved && (
          <CertForm rejected={status === REVIEW_STATUS.rejected} />
        )}
      </StatusBox>
    </View>
  )
}
