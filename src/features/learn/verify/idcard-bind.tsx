/**
 * Binding the ID number on the personal-info page (POST /app/user/bind_idcard; docs/DECISIONS.md "Account extras"):
 * the learner types the 18-character number (format and GB 11643 check digit checked here, as the server does) and
 * it is bound with the name typed above. Shown only while no certification is waiting or approved: then the
 * certified name and number are the account's.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import { i18n } from '@/i18n'
import { type MessageKey, t } from '@/i18n/sub'
import { bindIdcard } from '@/services/api/account-extra'
import { normalizeIdCard } from '../../../../shared/rules/id-card'
import { idCardError, realNameError } from './shared'

export const bx = i18n.scope(
  'idcardBind',
  {
    open: '填写身份证号',
    change: '修改身份证号',
    placeholder: '请输入 18 位身份证号',
    submit: '保存身份证号',
    done: '身份证号已保存',
    hint: '姓名与身份证号将用于考试报名和证书，请与身份证一致；提交实名认证后以认证信息为准',
  },
  {
    open: 'Add ID number',
    change: 'Change ID number',
    placeholder: 'Enter the 18-character ID number',
    submit: 'Save ID number',
    done: 'ID number saved',
    hint: 'Your name and ID number go on exam registrations and certificates: type them as on your ID card. Once you submit identity certification, the certified ones count',
  },
)

export function IdCardBind({
  realName,
  bound,
  onBound,
}: {
  /** the name typed on the page (bound together with the number) */
  realName: string
  /** the account already has a number (masked on the page) */
  bound: boolean
  onBound: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const [idCard, setIdCard] = useState('')
  const [errors, setErrors] = useState<{ idCard?: MessageKey; realName?: MessageKey }>({})
  const { submitting, run } = useSubmit()

  if (!open)
    return (
      <Text className="profile-link verify-idcard-open" onClick={() => setOpen(true)}>
        {bound ? bx('change') : bx('open')}
      </Text>
    )

  const submit = () => {
    if (submitting) return
    const e = { idCard: idCardError(idCard), realName: realNameError(realName) }
    setErrors(e)
    if (e.idCard || e.realName) return
    run(async () => {
      await bindIdcard({ realName: realName.trim(), idCard: normalizeIdCard(idCard) })
      Taro.showToast({ title: bx('done'), icon: 'success' })
      setOpen(false)
      setIdCard('')
      await onBound()
    })
  }

  return (
    <View className="verify-idcard-bind">
      <Field label={t('verify.info.idCard')} error={errors.idCard ?? errors.realName}>
        <TextInput
          className="verify-idcard-input"
          value={idCard}
          onChange={setIdCard}
          maxlength={18}
          placeholder={bx('placeholder')}
        />
      </Field>
      <Text className="verify-note verify-idcard-hint">{bx('hint')}</Text>
      <Button
        className={`form-submit verify-idcard-submit${submitting ? ' is-busy' : ''}`}
        disabled={submitting || undefined}
        onClick={submit}
      >
        {bx('submit')}
      </Button>
    </View>
  )
}
