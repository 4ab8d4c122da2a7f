import Popup from '@nutui/nutui-react-taro/dist/es/packages/popup/index.js'
import { Button, Picker, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import dayjs from 'dayjs'
import { useEffect, useMemo, useState } from 'react'
import { Field, SmsButton, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { type FormErrors, hasErrors, phoneError, useSmsCode, validateBindPhone } from '@/features/account'
import { maskPhone } from '@/features/user/format'
import { t } from '@/i18n/sub'
import { bindNewTel, editUser } from '@/services/api/user'
import { useApp } from '@/store/app'
import { useSession } from '@/store/session'
import { ageFromBirth } from '../../../../shared/rules/age'
import { reloadUser, useRequireLogin } from '../../../lib/login-guard'
import { changedFields, NAME_MAX, type Option, SEX_FALLBACK, validateInfo } from '../profile-fields'
import '@nutui/nutui-react-taro/dist/es/packages/popup/style/css.js'
import '../wd.scss'

export default function Info() {
  const loggedIn = useRequireLogin()
  const userInfo = useSession((s) => s.userInfo)
  const dictObj = useApp((s) => s.dictObj)

  const [nickName, setNickName] = useState('')
  const [realName, setRealName] = useState('')
  const [sex, setSex] = useState('')
  const [birthday, setBirthday] = useState('')
  const [errors, setErrors] = useState<FormErrors<'nickName' | 'realName'>>({})
  const { submitting: saving, run: runSave } = useSubmit()

  const [bindOpen, setBindOpen] = useState(false)
  const [newPhone, setNewPhone] = useState('')
  const [bindCode, setBindCode] = useState('')
  const [bindErrors, setBindErrors] = useState<FormErrors<'phone' | 'code'>>({})
  const sms = useSmsCode('bindNew')
  const { submitting: binding, run: runBind } = useSubmit()

  useEffect(() => {
    if (!userInfo) return
    setNickName(userInfo.nickName)
    setRealName(userInfo.realName)
    setSex(userInfo.sex)
    setBirthday(userInfo.birthday)
  }, [userInfo])

  useEffect(() => {
    if (loggedIn && !useApp.getState().dictObj.sys_user_sex) {
      useApp
        .getState()
        .loadDict()
        .catch(() => undefined)
    }
  }, [loggedIn])

  const sexOptions: Option[] = useMemo(() => {
    const rows = dictObj.sys_user_sex
    if (rows?.length) return rows.map((r) => ({ label: r.dictLabel, value: r.dictValue }))
    return SEX_FALLBACK.map((o) => ({ label: t(o.label), value: o.value }))
  }, [dictObj])
  const sexIndex = sexOptions.findIndex((o) => o.value === sex)
  const age = birthday ? ageFromBirth(birthday) : null

  const save = async () => {
    if (saving || !userInfo) return
    const e = validateInfo({ nickName, realName })
    setErrors(e)
    if (hasErrors(e)) return
    const sexValue = sex === '0' || sex === '1' || sex === '2' ? sex : undefined
    const diff = changedFields(userInfo, { nickName, realName, sex: sexValue, birthday })
    if (Object.keys(diff).length === 0) {
      Taro.showToast({ title: t('info.noChange'), icon: 'none' })
      return
    }
    await runSave(async () => {
      await editUser(diff)
      Taro.showToast({ title: t('info.saved'), icon: 'success' })
      await reloadUser().catch(() => undefined)
    })
  }

  const onSendBindSms = async () => {
    const err = phoneError(newPhone)
    setBindErrors((e) => ({ ...e, phone: err }))
    if (!err) await sms.send(newPhone)
  }

  const bind = async () => {
    if (binding) return
    const e = validateBindPhone({ phone: newPhone, code: bindCode, current: userInfo?.telPhone ?? '' })
    setBindErrors(e)
    if (hasErrors(e)) return
    await runBind(async () => {
      await bindNewTel({ telPhone: newPhone.trim(), code: bindCode.trim() })
      Taro.showToast({ title: t('bind.success'), icon: 'success' })
      setBindOpen(false)
      setNewPhone('')
      setBindCode('')
      await reloadUser().catch(() => undefined)
    })
  }

  return (
    <View className="profile-page info-page" style={themeStyle}>
      <NavBar title={t('info.title')} />
      {loggedIn && (
        <>
          <View className="profile-card">
            <Field label={t('info.nickname')} error={errors.nickName}>
              <TextInput
                className="info-nickname"
                value={nickName}
                onChange={setNickName}
                maxlength={NAME_MAX}
                placeholder={t('info.nickname.placeholder')}
              />
            </Field>
            <Field label={t('info.realname')} error={errors.realName}>
              <TextInput
                className="info-realname"
                value={realName}
                onChange={setRealName}
                maxlength={NAME_MAX}
                placeholder={t('info.realname.placeholder')}
              />
            </Field>
            <Field label={t('info.sex')}>
              <Picker
                mode="selector"
                range={sexOptions.map((o) => o.label)}
                value={Math.max(sexIndex, 0)}
                onChange={(e) => setSex(sexOptions[Number(e.detail.value)]?.value ?? sex)}
              >
                <View className={`form-picker-value info-sex${sexIndex < 0 ? ' is-empty' : ''}`}>
                  {sexIndex < 0 ? t('info.select') : sexOptions[sexIndex]!.label}
                </View>
              </Picker>
            </Field>
            <Field
              label={t('info.birthday')}
              extra={age !== null ? <Text className="profile-age">{t('info.age', { n: age })}</Text> : undefined}
            >
              <Picker
                mode="date"
                value={birthday || '2000-01-01'}
                start="1900-01-01"
                end={dayjs().format('YYYY-MM-DD')}
                onChange={(e) => setBirthday(String(e.detail.value))}
              >
                <View className={`form-picker-value info-birthday${birthday ? '' : ' is-empty'}`}>
                  {birthday || t('info.select')}
                </View>
              </Picker>
            </Field>
            <Field
              label={t('info.phone')}
              extra={
                <Text className="profile-link info-bind-phone" onClick={() => setBindOpen(true)}>
                  {t('bind.open')}
                </Text>
              }
            >
              <View className="profile-static info-phone">{maskPhone(userInfo?.telPhone) || t('wd.noPhone')}</View>
            </Field>
          </View>

          <Popup
            className="info-bind-panel"
            visible={bindOpen}
            position="bottom"
            round
            closeable
            title={t('bind.title')}
            closeAriaLabel={t('bind.cancel')}
            onClose={() => setBindOpen(false)}
          >
            <View className="info-bind-body">
              <Field
                label={t('bind.newPhone')}
                error={bindErrors.phone}
                extra={
                  <SmsButton className="bind-send-sms" left={sms.left} sending={sms.sending} onClick={onSendBindSms} />
                }
              >
                <TextInput
                  className="bind-phone"
                  value={newPhone}
                  onChange={setNewPhone}
                  type="number"
                  maxlength={11}
                  placeholder={t('login.phone.placeholder')}
                />
              </Field>
              <Field label={t('login.smsCode')} error={bindErrors.code}>
                <TextInput
                  className="bind-code"
                  value={bindCode}
                  onChange={setBindCode}
                  type="number"
                  maxlength={6}
                  placeholder={t('login.smsCode.placeholder')}
                />
              </Field>
              <Button className="form-submit bind-submit" disabled={binding || undefined} onClick={bind}>
                {t('bind.submit')}
              </Button>
              <View className="profile-secondary" />
            </View>
          </Popup>

          <View className="profile-actions">
            <Button
              className={`form-submit info-save${saving ? ' is-busy' : ''}`}
              disabled={saving || !userInfo || undefined}
              onClick={save}
            >
              {saving ? t('info.saving') : t('info.save')}
            </Button>
          </View>
        </>
      )}
    </View>
  )
}
