/**
 * 证书查询 (the home grid's entry; docs/DECISIONS.md "Shop, account and home fixes"): the public check of a
 * certificate by its number, without a login — the same answer as the verification page the certificate's link
 * opens: the issuing school, the holder (masked), the exam, the result, the issue date and whether it is valid.
 * `?serial=` checks at once. A logged-in learner also finds their own certificates from here.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useLoad, useRouter } from '@tarojs/taro'
import { useState } from 'react'
import { Field, TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { normalSerial, type PublicCertificate, SERIAL_RE, verifyCertificate } from '@/features/exam/cert-api'
import { formatDate } from '@/lib/datetime'
import { ApiError } from '@/services/http/error'
import { useSession } from '@/store/session'
import { cx } from './messages'
import '@/components/form/index.scss'
import './verify.scss'

export default function CertVerify() {
  const { params } = useRouter()
  const loggedIn = useSession((s) => !!s.userAccount)
  const [serial, setSerial] = useState(() => normalSerial(decodeURIComponent(params.serial ?? '')))
  const [error, setError] = useState('')
  const [cert, setCert] = useState<PublicCertificate | null>(null)
  const { submitting, run } = useSubmit()

  const check = (value = serial) => {
    const s = normalSerial(value)
    setCert(null)
    if (!SERIAL_RE.test(s)) {
      setError(cx('badSerial'))
      return
    }
    setError('')
    run(async () => {
      try {
        setCert(await verifyCertificate(s, { silent: true }))
      } catch (e) {
        setError(e instanceof ApiError && e.code === 404 ? cx('notFound') : cx('failed'))
      }
    })
  }

  useLoad(() => {
    if (serial) check(serial)
  })

  const date = (sec: number) => formatDate(sec, { year: 'always' })

  return (
    <View className="page cert-verify-page" style={themeStyle}>
      <NavBar title={cx('title')} />
      <View className="cert-card">
        <Text className="cert-intro">{cx('intro')}</Text>
        <Field label={cx('serial')}>
          <TextInput
            className="cert-serial"
            value={serial}
            onChange={(v) => setSerial(v.toUpperCase())}
            maxlength={20}
            placeholder={cx('placeholder')}
          />
        </Field>
        {!!error && <Text className="cert-error">{error}</Text>}
        <Button
          className={`form-submit cert-submit${submitting ? ' is-busy' : ''}`}
          disabled={submitting || undefined}
          onClick={() => check()}
        >
          {submitting ? cx('querying') : cx('submit')}
        </Button>
      </View>

      {cert && (
        <View className={`cert-card cert-result${cert.valid ? ' is-valid' : ' is-revoked'}`}>
          <View className="cert-result-head">
            <Text className="cert-result-school">{cert.schoolName}</Text>
            <Text className={`cert-badge${cert.valid ? ' is-valid' : ' is-revoked'}`}>
              {cert.valid ? cx('valid') : cx('revoked')}
            </Text>
          </View>
          {!cert.valid && cert.revokedTime !== null && (
            <Text className="cert-revoked-on">{cx('revokedOn', { date: date(cert.revokedTime) })}</Text>
          )}
          {(
            [
              ['school', cert.schoolName],
              ['holder', cert.realName],
              ['exam', cert.examName],
              ['result', cx('passed')],
              ['issued', date(cert.issuedTime)],
              ['serial', cert.serial],
            ] as const
          ).map(([key, value]) => (
            <View key={key} className={`cert-row cert-row-${key}`}>
              <Text className="cert-row-label">{cx(key)}</Text>
              <Text className="cert-row-value">{value}</Text>
            </View>
          ))}
          <Text className="cert-note">{cx('masked')}</Text>
        </View>
      )}

      {loggedIn && (
        <View className="cert-mine" onClick={() => Taro.navigateTo({ url: '/pages2/exam/index?focus=certs' })}>
          <Text>{cx('mine')} ›</Text>
        </View>
      )}
    </View>
  )
}
