import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { t } from '@/i18n/sub'
import { updatePwd } from '@/services/api/user'
import { useRequireLogin } from '../../lib/login-guard'
import { PasswordField, SubmitButton } from './form/fields'
import { validatePwd } from './form/rules'
import { useAccountForm } from './form/use-account-form'
import '../user/wd.scss'

/** 修改密码: the old password and the new one twice (logged in). */
export default function Pwd() {
  const loggedIn = useRequireLogin()
  const form = useAccountForm({ oldPassword: '', password: '', password2: '' })

  const submit = () =>
    form.submit(validatePwd(form.values), async () => {
      await updatePwd({ oldPassword: form.values.oldPassword, newPassword: form.values.password })
      // back where the learner came from (My account when this page was opened on its own: H5's back would do
      // nothing and leave the form on screen), and the success toast shown there (issue 25)
      const back = Taro.getCurrentPages().length > 1
      await Promise.resolve(back ? Taro.navigateBack() : Taro.switchTab({ url: '/pages/wd/index' })).catch(() =>
        Taro.switchTab({ url: '/pages/wd/index' }),
      )
      Taro.showToast({ title: t('pwd.success'), icon: 'success', duration: 2000 })
    })

  return (
    <View className="profile-page pwd-page" style={themeStyle}>
      <NavBar title={t('pwd.title')} />
      {loggedIn && (
        <>
          <View className="profile-card">
            <PasswordField
              {...form.bind('oldPassword')}
              label={t('pwd.old')}
              className="pwd-old"
              placeholder={t('pwd.old.placeholder')}
            />
            <PasswordField
              {...form.bind('password')}
              label={t('pwd.new')}
              className="pwd-new"
              placeholder={t('pwd.new.placeholder')}
            />
            <PasswordField
              {...form.bind('password2')}
              label={t('pwd.new2')}
              className="pwd-new2"
              placeholder={t('pwd.new2.placeholder')}
            />
          </View>
          <View className="profile-actions">
            <SubmitButton
              className="pwd-submit"
              busy={form.submitting}
              label={t('pwd.submit')}
              busyLabel={t('pwd.submitting')}
              onClick={submit}
            />
          </View>
        </>
      )}
    </View>
  )
}
