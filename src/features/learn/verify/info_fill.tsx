/**
 * Personal info confirmation (spec: pages2/verify/info_fill): name, phone and ID (masked), education, the
 * certification status with a way to it; the learner corrects what is wrong and saves (POST /app/user/edit,
 * only the changed fields) and binds the ID number with the name (POST /app/user/bind_idcard, idcard-bind.tsx).
 * The name and the number are fixed once a certification is pending or approved.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { type FormErrors, hasErrors } from '@/components/form/errors'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { confirmInfo, infoDetail } from '@/features/exam/api'
import { REVIEW_STATUS } from '@/features/learn/api'
import { EduFields } from '@/features/user/components/edu-fields'
import { maskPhone } from '@/features/user/format'
import { changedFields, NAME_MAX, validateEdu } from '@/features/user/profile-fields'
import { t } from '@/i18n/sub'
import { formatDate } from '@/lib/datetime'
import { editUser } from '@/services/api/user'
import { useApp } from '@/store/app'
import { IdCardBind } from './idcard-bind'
import { statusKey, useUser, VERIFY_URL } from './shared'
import '@/features/user/wd.scss'
import './verify.scss'

export default function InfoFill() {
  const user = useUser()
  useDidShow(() => {
    if (!requireLogin()) return
    user.reload(user.status === 'ready')
    confirmation.reload(true)
    if (!useApp.getState().dictObj.edu_level) {
      useApp
        .getState()
        .loadDict()
        .catch(() => undefined)
    }
  })
  const u = user.data
  const confirmation = useLoader(() => infoDetail(QUIET))
  const { submitting: confirming, run: runConfirm } = useSubmit()
  const confirm = () =>
    runConfirm(async () => {
      await confirmInfo()
      Taro.showToast({ title: t('verify.info.confirmDone'), icon: 'success' })
      await confirmation.reload(true)
    })

  const [realName, setRealName] = useState('')
  const [eduLevel, setEduLevel] = useState('')
  const [school, setSchool] = useState('')
  const [major, setMajor] = useState('')
  const [graduationDate, setGraduationDate] = useState('')
  const [errors, setErrors] = useState<FormErrors<'realName' | 'school' | 'major'>>({})
  const { submitting: saving, run } = useSubmit()

  useEffect(() => {
    if (!u) return
    setRealName(u.realName)
    setEduLevel(u.eduLevel)
    setSchool(u.school)
    setMajor(u.major)
    setGraduationDate(u.graduationDate.slice(0, 7))
  }, [u])

  const cert = u?.certStatus ?? REVIEW_STATUS.none
  const nameLocked = cert === REVIEW_STATUS.pending || cert === REVIEW_STATUS.approved

  const save = async () => {
    if (saving || !u) return
    const name = realName.trim()
    const e = {
      realName:
        nameLocked || (name.length >= 1 && name.length <= NAME_MAX) ? undefined : ('verify.info.err.name' as const),
      ...validateEdu({ school, major }),
    }
    setErrors(e)
    if (hasErrors(e)) return
    const diff = changedFields(
      { ...u, graduationDate: u.graduationDate.slice(0, 7) },
      { ...(nameLocked ? {} : { realName }), eduLevel, school, major, graduationDate },
    )
    if (Object.keys(diff).length === 0) {
      Taro.showToast({ title: t('info.noChange'), icon: 'none' })
      return
    }
    await run(async () => {
      await editUser(diff)
      Taro.showToast({ title: t('verify.info.saved'), icon: 'success' })
      await Promise.all([user.reload(true), confirmation.reload(true)])
    })
  }

  return (
    <View className="profile-page verify-page verify-info" style={themeStyle}>
      <NavBar title={t('verify.info.title')} />
      <StatusBox status={user.status} empty={false} emptyText="" onRetry={() => user.reload()} rows={3}>
        <View className="profile-card">
          <Text className="profile-card-title">{t('verify.info.identity')}</Text>
          <Field label={t('verify.info.name')} error={errors.realName}>
            {nameLocked ? (
              <View className="profile-static verify-info-name">{realName}</View>
            ) : (
              <TextInput
                className="verify-info-name"
                value={realName}
                onChange={setRealName}
                maxlength={NAME_MAX}
                placeholder={t('info.realname.placeholder')}
              />
            )}
          </Field>
          {nameLocked && <Text className="verify-note verify-name-locked">{t('verify.info.nameLocked')}</Text>}
          <Field label={t('verify.info.phone')}>
            <View className="profile-static verify-info-phone">{maskPhone(u?.telPhone) || t('wd.noPhone')}</View>
          </Field>
          <Field label={t('verify.info.idCard')}>
            <View className="profile-static verify-info-idcard">{u?.idCard || t('verify.info.none')}</View>
          </Field>
          {!nameLocked && u && (
            <IdCardBind
              realName={realName}
              bound={!!u.idCard}
              onBound={() => Promise.all([user.reload(true), confirmation.reload(true)])}
            />
          )}
          <Field
            label={t('verify.info.cert')}
            extra={
              <Text
                className="profile-link verify-info-cert-go"
                onClick={() => Taro.navigateTo({ url: VERIFY_URL.input })}
              >
                {cert === REVIEW_STATUS.none || cert === REVIEW_STATUS.rejected
                  ? t('verify.info.certGo')
                  : t('verify.info.certView')}
              </Text>
            }
          >
            <View className={`profile-static verify-info-cert verify-cert-${cert}`}>{t(statusKey(cert))}</View>
          </Field>
        </View>

        <View className="profile-card">
          <Text className="profile-card-title">{t('verify.info.edu')}</Text>
          <EduFields
            values={{ eduLevel, school, major, graduationDate }}
            set={{ eduLevel: setEduLevel, school: setSchool, major: setMajor, graduationDate: setGraduationDate }}
            errors={errors}
            prefix="verify-info"
          />
        </View>

        {confirmation.data && (
          <View className="profile-card verify-confirm">
            <Text className="profile-card-title">{t('verify.info.confirmTitle')}</Text>
            {confirmation.data.confirmed ? (
              <Text className="verify-note verify-confirmed">
                {t('verify.info.confirmed', {
                  time: formatDate(confirmation.data.confirmedTime ?? 0, { time: true }),
                })}
              </Text>
            ) : (
              <>
                <Text className="verify-note">
                  {confirmation.data.missing.length > 0
                    ? t('verify.info.confirmMissing')
                    : t('verify.info.confirmHint')}
                </Text>
                <Button
                  className={`form-submit verify-confirm-btn${confirming ? ' is-busy' : ''}`}
                  disabled={confirming || confirmation.data.missing.length > 0 || undefined}
                  onClick={confirm}
                >
                  {t('verify.info.confirm')}
                </Button>
              </>
            )}
          </View>
        )}

        <View className="profile-actions">
          <Button
            className={`form-submit verify-info-save${saving ? ' is-busy' : ''}`}
            disabled={saving || !u || undefined}
            onClick={save}
          >
            {saving ? t('verify.info.saving') : t('verify.info.save')}
          </Button>
        </View>
      </StatusBox>
    </View>
  )
}
