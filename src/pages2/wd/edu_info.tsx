import { Button, Picker, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import dayjs from 'dayjs'
import { useEffect, useMemo, useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type FormErrors, hasErrors } from '@/domain/account-form'
import { t } from '@/i18n'
import { editUser } from '@/services/api/user'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { reloadUser, useRequireLogin } from './guard'
import { changedFields, type Option, SCHOOL_MAX, validateEdu } from './profile'
import './wd.scss'

export default function EduInfo() {
  const loggedIn = useRequireLogin()
  const userInfo = useSession((s) => s.userInfo)
  const dictObj = useApp((s) => s.dictObj)

  const [eduLevel, setEduLevel] = useState('')
  const [school, setSchool] = useState('')
  const [major, setMajor] = useState('')
  const [graduationDate, setGraduationDate] = useState('')
  const [errors, setErrors] = useState<FormErrors<'school' | 'major'>>({})
  const { submitting: saving, run } = useSubmit()

  useEffect(() => {
    if (!userInfo) return
    setEduLevel(userInfo.eduLevel)
    setSchool(userInfo.school)
    setMajor(userInfo.major)
    setGraduationDate(userInfo.graduationDate.slice(0, 7))
  }, [userInfo])

  useEffect(() => {
    if (loggedIn && !useApp.getState().dictObj.edu_level) {
      useApp
        .getState()
        .loadDict()
        .catch(() => undefined)
    }
  }, [loggedIn])

  const levels: Option[] = useMemo(() => {
    const rows = (dictObj.edu_level ?? []).map((r) => ({ label: r.dictLabel, value: r.dictValue }))
    // a stored value the dictionary no longer lists still shows as itself
    if (eduLevel && !rows.some((r) => r.value === eduLevel)) rows.push({ label: eduLevel, value: eduLevel })
    return rows
  }, [dictObj, eduLevel])
  const levelIndex = levels.findIndex((o) => o.value === eduLevel)

  const save = async () => {
    if (saving || !userInfo) return
    const e = validateEdu({ school, major })
    setErrors(e)
    if (hasErrors(e)) return
    const diff = changedFields(
      { ...userInfo, graduationDate: userInfo.graduationDate.slice(0, 7) },
      { eduLevel, school, major, graduationDate },
    )
    if (Object.keys(diff).length === 0) {
      Taro.showToast({ title: t('info.noChange'), icon: 'none' })
      return
    }
    await run(async () => {
      await editUser(diff)
      Taro.showToast({ title: t('edu.saved'), icon: 'success' })
      await reloadUser().catch(() => undefined)
    })
  }

  return (
    <View className="profile-page edu-page" style={themeStyle}>
      <NavBar title={t('edu.title')} />
      {loggedIn && (
        <>
          <View className="profile-card">
            <Field label={t('edu.level')}>
              <Picker
                mode="selector"
                range={levels.map((o) => o.label)}
                value={Math.max(levelIndex, 0)}
                disabled={levels.length === 0 || undefined}
                onChange={(e) => setEduLevel(levels[Number(e.detail.value)]?.value ?? eduLevel)}
              >
                <View className={`form-picker-value edu-level${levelIndex < 0 ? ' is-empty' : ''}`}>
                  {levelIndex < 0 ? t('edu.select') : levels[levelIndex]!.label}
                </View>
              </Picker>
            </Field>
            <Field label={t('edu.school')} error={errors.school}>
              <TextInput
                className="edu-school"
                value={school}
                onChange={setSchool}
                maxlength={SCHOOL_MAX}
                placeholder={t('edu.school.placeholder')}
              />
            </Field>
            <Field label={t('edu.major')} error={errors.major}>
              <TextInput
                className="edu-major"
                value={major}
                onChange={setMajor}
                maxlength={SCHOOL_MAX}
                placeholder={t('edu.major.placeholder')}
              />
            </Field>
            <Field label={t('edu.graduation')}>
              <Picker
                mode="date"
                fields="month"
                value={graduationDate || dayjs().format('YYYY-MM')}
                start="1950-01"
                end={dayjs().add(10, 'year').format('YYYY-MM')}
                onChange={(e) => setGraduationDate(String(e.detail.value).slice(0, 7))}
              >
                <View className={`form-picker-value edu-graduation${graduationDate ? '' : ' is-empty'}`}>
                  {graduationDate || t('edu.select')}
                </View>
              </Picker>
            </Field>
          </View>
          <View className="profile-actions">
            <Button
              className={`form-submit edu-save${saving ? ' is-busy' : ''}`}
              disabled={saving || !userInfo || undefined}
              onClick={save}
            >
              {saving ? t('edu.saving') : t('edu.save')}
            </Button>
          </View>
        </>
      )}
    </View>
  )
}
