import { Button, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { type FormErrors, hasErrors } from '@/components/form/errors'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { editUser } from '@/services/api/user'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { reloadUser, useRequireLogin } from '../../../lib/login-guard'
import { EduFields } from '../components/edu-fields'
import { changedFields, validateEdu } from '../profile-fields'
import '../wd.scss'

export default function EduInfo() {
  const loggedIn = useRequireLogin()
  const userInfo = useSession((s) => s.userInfo)

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
            <EduFields
              values={{ eduLevel, school, major, graduationDate }}
              set={{ eduLevel: setEduLevel, school: setSchool, major: setMajor, graduationDate: setGraduationDate }}
              errors={errors}
              prefix="edu"
            />
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
