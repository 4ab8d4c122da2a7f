/**
 * The enrolment profile of one goods (`?goodsId=`; docs/DECISIONS.md "Enrolment profile and stamp words"): the
 * school's fields with the form kit (text, ID number, phone, date, choice, photo through the upload service), my
 * saved values or, the first time, what my account already knows. Save creates or changes the profile (a draft)
 * and goes on to the stamp words. Read-only once the school locked it.
 */
import { Button, Image, Picker, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import dayjs from 'dayjs'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { Field, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin } from '@/features/bank/lib'
import {
  createProfile,
  editProfile,
  PROFILE_STATUS,
  type ProfileField,
  type ProfileForm,
  type ProfileValues,
  profileForm,
} from '@/features/profile/api'
import { ApiError } from '@/services/http/error'
import { chooseAndUploadImages } from '@/services/upload'
import { tx } from './messages'
import { type FieldProblem, problems, stampUrl } from './rules'
import './profile.scss'

const MAX: Record<string, number> = { idCard: 18, phone: 11 }

function FieldControl({
  field,
  value,
  onChange,
  readOnly,
}: {
  field: ProfileField
  value: string
  onChange: (v: string) => void
  readOnly: boolean
}) {
  const [uploading, setUploading] = useState(false)
  const cls = `pf-input pf-field-${field.key}`
  if (field.type === 'image') {
    const pick = async () => {
      if (uploading || readOnly) return
      setUploading(true)
      try {
        const [file] = await chooseAndUploadImages({ count: 1 })
        if (file) onChange(file.url)
      } catch {
        // the upload service toasted it
      } finally {
        setUploading(false)
      }
    }
    return (
      <View className={`pf-image ${cls}`}>
        {value ? (
          <Image
            className="pf-image-preview"
            src={imageUrl(value)}
            mode="aspectFill"
            nativeProps={{ alt: field.label }}
          />
        ) : null}
        {!readOnly && (
          <View className="pf-image-btn" onClick={pick}>
            <Text>{uploading ? tx('uploading') : value ? tx('reupload') : tx('upload')}</Text>
          </View>
        )}
      </View>
    )
  }
  if (readOnly) return <Text className={`pf-readonly ${cls}`}>{value || '—'}</Text>
  if (field.type === 'select') {
    const options = field.options ?? []
    const index = options.indexOf(value)
    return (
      <Picker
        mode="selector"
        range={options}
        value={Math.max(index, 0)}
        onChange={(e) => onChange(options[Number(e.detail.value)] ?? value)}
      >
        <View className={`form-picker-value ${cls}${index < 0 ? ' is-empty' : ''}`}>
          {index < 0 ? tx('choose') : value}
        </View>
      </Picker>
    )
  }
  if (field.type === 'date') {
    return (
      <Picker
        mode="date"
        value={value || dayjs().format('YYYY-MM-DD')}
        start="1940-01-01"
        end={dayjs().format('YYYY-MM-DD')}
        onChange={(e) => onChange(String(e.detail.value))}
      >
        <View className={`form-picker-value ${cls}${value ? '' : ' is-empty'}`}>{value || tx('choose')}</View>
      </Picker>
    )
  }
  return (
    <TextInput
      className={cls}
      value={value}
      onChange={onChange}
      type={field.type === 'phone' ? 'number' : 'text'}
      maxlength={MAX[field.type] ?? 100}
      placeholder={tx('enter', { label: field.label })}
    />
  )
}

export default function ProfileFormPage() {
  const { params } = useRouter()
  const goodsId = numParam((params as Record<string, string | undefined>).goodsId)
  const [form, setForm] = useState<ProfileForm | null>(null)
  const [values, setValues] = useState<ProfileValues>({})
  const [errors, setErrors] = useState<Record<string, FieldProblem>>({})
  const [status, setStatus] = useState<'loading' | 'ready' | 'error' | 'missing'>('loading')
  const loaded = useRef(false)
  const { submitting, run } = useSubmit()

  const load = async () => {
    if (!goodsId) return setStatus('missing')
    setStatus('loading')
    try {
      const f = await profileForm(goodsId, QUIET)
      setForm(f)
      setValues(f.values)
      setErrors({})
      setStatus('ready')
    } catch (e) {
      setStatus(e instanceof ApiError && (e.code === 403 || e.code === 404 || e.code === 400) ? 'missing' : 'error')
    }
  }

  // read once: coming back from the stamp page keeps what is typed; a new visit reads again
  useDidShow(() => {
    if (!requireLogin()) return
    if (!loaded.current) load()
    loaded.current = true
  })

  const set = (key: string) => (v: string) => {
    setValues((prev) => ({ ...prev, [key]: v }))
    setErrors((prev) => {
      if (!prev[key]) return prev
      const { [key]: _, ...rest } = prev
      return rest
    })
  }

  const save = () => {
    if (!form || !goodsId) return
    const found = problems(form.template.fields, values)
    setErrors(found)
    const first = form.template.fields.find((f) => found[f.key])
    // a wrong value is never sent; a required field still empty is saved as a draft (the stamp needs it complete)
    const wrong = form.template.fields.find((f) => found[f.key] && found[f.key] !== 'err.required')
    if (wrong) {
      Taro.showToast({ title: tx(found[wrong.key]!, { label: wrong.label }), icon: 'none' })
      return
    }
    run(async () => {
      const clean = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]))
      const saved = form.profileId ? await editProfile(form.profileId, clean) : await createProfile(goodsId, clean)
      setForm({ ...form, profileId: saved.id, status: saved.status, values: saved.values })
      if (first) {
        Taro.showToast({ title: tx('draftSaved', { label: first.label }), icon: 'none', duration: 2500 })
        return
      }
      Taro.showToast({ title: tx('saved'), icon: 'success' })
      Taro.navigateTo({ url: stampUrl(goodsId) })
    })
  }

  const readOnly = form?.editable === false
  return (
    <View className="page profile-page profile-form-page" style={themeStyle}>
      <NavBar title={tx('formTitle')} />
      {status === 'loading' && <PageLoading rows={6} />}
      {status === 'error' && <Empty text={tx('loadFailed')} actionText={tx('retry')} onAction={load} />}
      {status === 'missing' && <Empty text={tx('empty')} hint={tx('emptyHint')} />}
      {status === 'ready' && form && (
        <View className="pf-form">
          <View className="card pf-head">
            <Text className="pf-head-title">{form.template.title}</Text>
            {!!form.template.intro && <Text className="pf-head-intro">{form.template.intro}</Text>}
            {form.status === PROFILE_STATUS.locked && (
              <Text className="pf-note pf-note-locked">{tx('lockedNote')}</Text>
            )}
            {form.status === PROFILE_STATUS.submitted && (
              <Text className="pf-note pf-note-submitted">{tx('submittedNote')}</Text>
            )}
            {form.status === PROFILE_STATUS.returned && (
              <Text className="pf-note pf-note-returned">{tx('returnedNote', { remark: form.remark })}</Text>
            )}
          </View>
          <View className="card pf-fields">
            {form.template.fields.map((f) => (
              <View key={f.key} className={`pf-field${errors[f.key] ? ' has-error' : ''}`}>
                <Field label={`${f.label}${f.required && !readOnly ? ' *' : ''}`}>
                  <FieldControl field={f} value={values[f.key] ?? ''} onChange={set(f.key)} readOnly={readOnly} />
                </Field>
                {!!f.hint && !readOnly && <Text className="pf-hint">{f.hint}</Text>}
                {errors[f.key] && <Text className="form-error pf-error">{tx(errors[f.key]!, { label: f.label })}</Text>}
              </View>
            ))}
          </View>
          {!readOnly && (
            <Button
              className={`pf-btn pf-save${submitting ? ' is-busy' : ''}`}
              disabled={submitting || undefined}
              onClick={save}
            >
              {submitting ? tx('saving') : tx('save')}
            </Button>
          )}
        </View>
      )}
    </View>
  )
}
