/**
 * A study photo check (docs/DECISIONS.md "Learning", photos): explain it in a modal, take the photo with the
 * camera (the upload service falls back to the file picker on H5), upload it as an image and log it for the
 * play session. The caller keeps playback paused until this answers 'done'.
 */
import Taro from '@tarojs/taro'
import { LEARN_CODE, type PhotoDue, photoLog } from '@/features/learn/api'
import { t } from '@/i18n/sub'
import { ApiError } from '@/services/http/error'
import { chooseAndUploadImages } from '@/services/upload'

export type PhotoOutcome = 'done' | 'cancelled' | 'failed'

export interface PhotoCheck {
  photo: PhotoDue
  sessionId: string
  /** open a new play session when the current one is gone (the learner may wait long at the modal) */
  renew: () => Promise<string>
}

export async function takeStudyPhoto({ photo, sessionId, renew }: PhotoCheck): Promise<PhotoOutcome> {
  const answer = await Taro.showModal({
    title: t('learn.photo.title'),
    content: photo.scene === 'start' ? t('learn.photo.startText') : t('learn.photo.randomText'),
    confirmText: t('learn.photo.take'),
    cancelText: t('common.cancel'),
  }).catch(() => ({ confirm: false }))
  if (!answer.confirm) return 'cancelled'
  let url: string
  // upload progress in the loading mask, hidden once the bytes are sent (a failure toast may follow)
  let loading = false
  try {
    const files = await chooseAndUploadImages({
      sourceType: ['camera'],
      count: 1,
      imageStatus: 1,
      onProgress: (percent) => {
        if (percent >= 100) {
          if (loading) Taro.hideLoading()
          loading = false
          return
        }
        loading = true
        Taro.showLoading({ title: t('learn.photo.uploading', { percent }), mask: true })
      },
    })
    if (files.length === 0) return 'cancelled'
    url = files[0].url
  } catch {
    return 'failed' // the upload service showed why
  } finally {
    if (loading) Taro.hideLoading()
  }
  const log = (id: string) =>
    photoLog({ sessionId: id, imageUrl: url, position: photo.position, scene: photo.scene }, { silent: true })
  try {
    await log(sessionId).catch(async (e) => {
      if (!(e instanceof ApiError) || e.code !== LEARN_CODE.sessionGone) throw e
      await log(await renew())
    })
  } catch (e) {
    const msg = e instanceof ApiError && e.msg ? e.msg : t('learn.photo.failed')
    Taro.showToast({ title: msg, icon: 'none', duration: 2000 })
    return 'failed'
  }
  return 'done'
}
