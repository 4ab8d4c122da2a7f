import { Button, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { type FormErrors, hasErrors, validatePwd } from '@/lib/account-form'
import { updatePwd } from '@/services/api/user'
import { useRequireLogin } from './guard'
import './wd.scss'

export default function Pwd() {
  const loggedIn = useRequireLogin()
  const [oldPassword, setOldPassword] = useState('')
  const [password, setPassword] = useState('')
  const [password2, setPassword2] = useState('')
  const [errors, setErrors] = useState<FormErrors<'oldPassword' | 'password' | 'password2'>>({})
  const { submitting, run } = useSubmit()

  const submit = async () => {
    if (submitting) return
    const e = validatePwd({ oldPassword, password, password2 })
    setErrors(e)
    if (hasErrors(e)) return
    await run(async () => {
      await updatePwd({ oldPassword, newPassword: password })
      // back where the learner came from (My account when this page was opened on its own: H5's back would do
      // nothing and leave the form on screen), and the success toast shown there (issue 25)
      const back = Taro.getCurrentPages().length > 1
      await Promise.resolve(back ? Taro.navigateBack() : Taro.switchTab({ url: '/pages/wd/index' })).catch(() =>
        Taro.switchTab({ url: '/pages/wd/index' }),
      )
      Taro.showToast({ title: t('pwd.success'), icon: 'success', duration: 2000 })
    })
  }

  return (
    <View className="profile-page pwd-page" style={themeStyle}>
      <NavBar title={t('pwd.title')} />
      {loggedIn && (
        <>
          <View className="profile-card">
            <Field label={t('pwd.old')} error={errors.oldPassword}>
              <TextInput
                className="pwd-old"
                value={oldPassword}
                onChange={setOldPassword}
                password
                placeholder={t('pwd.old.placeholder')}
              />
            </Field>
            <Field label={t('pwd.new')} error={errors.password}>
              <TextInput
                className="pwd-new"
                value={password}
                onChange={setPassword}
                password
                placeholder={t('pwd.new.placeholder')}
              />
            </Field>
            <Field label={t('pwd.new2')} error={errors.password2}>
              <TextInput
                className="pwd-new2"
                value={password2}
                onChange={setPassword2}
                password
                placeholder={t('pwd.new2.placeholder')}
              />
            </Field>
          </View>
          <View className="profile-actions">
            <Button
              className={`form-submit pwd-submit${submitting ? ' is-busy' : ''}`}
              disabled={submitting || undefined}
              onClick={submit}
            >
              {submitting ? t('pwd.submitting') : t('pwd.submit')}
            </Button>
          </View>
        </>
      )}
    </View>
  )
}
