/**
 * Apply for a mock exam (spec: pages5/mockExam/examApply?examId): real name, ID number (format and GB 11643
 * check digit), mobile, the subject (fixed by the mock, or chosen among its business's subjects), online
 * sitting. Name and mobile come prefilled from the learner's info. Field problems show inline before anything
 * is sent; the server's refusals are toasted by the request layer. Success opens the application's summary.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import Empty from '@/components/empty'
import { TextInput } from '@/components/form'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { type MockRow, mockApply } from '@/features/exam/api'
import { subjects } from '@/features/shop/api'
import { getInfo } from '@/services/api/user'
import { useSession } from '@/store/session'
import { normalizeIdCard } from '../../../../shared/rules/id-card'
import { isPhone } from '../../../../shared/rules/phone'
import { tx } from '../mock-messages'
import { findMock, InfoRow, mockUrl, nowSeconds, windowText } from '../mock-parts'
import { type ApplyErrors, type ApplyField, hasApplyErrors, validateApply } from './apply-form'
import '../mock.scss'
import { backTo } from '@/features/exam/ui'

function FormRow({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <View className={`form-field${error ? ' has-error' : ''}`}>
      <View className="form-row">
        <Text className="form-label">{label}</Text>
        <View className="form-control">{children}</View>
      </View>
      {error && <Text className="form-error">{error}</Text>}
    </View>
  )
}

function ApplyForm({ mock }: { mock: MockRow }) {
  const [realName, setRealName] = useState('')
  const [idCard, setIdCard] = useState('')
  const [telPhone, setTelPhone] = useState('')
  const [subjectId, setSubjectId] = useState<number | undefined>(mock.subjectId ?? undefined)
  const [errors, setErrors] = useState<ApplyErrors>({})
  const { submitting, run } = useSubmit()
  const touched = useRef({ realName: false, telPhone: false })
  const subjectList = useLoader(() => subjects(mock.businessId ?? undefined, QUIET))
  const pickSubject = !mock.subjectId && !!mock.businessId

  // prefill from the learner's info (the store's, else read once); never over what was typed
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mock
  useEffect(() => {
    let alive = true
    const fill = (u: { realName: string; telPhone: string }) => {
      if (!alive) return
      if (!touched.current.realName && u.realName) setRealName(u.realName)
      if (!touched.current.telPhone && isPhone(u.telPhone)) setTelPhone(u.telPhone)
    }
    const known = useSession.getState().userInfo
    if (known) fill(known)
    else
      getInfo(QUIET)
        .then((u) => {
          useSession.getState().setUserInfo(u)
          fill(u)
        })
        .catch(() => undefined)
    if (pickSubject) subjectList.reload()
    return () => {
      alive = false
    }
  }, [mock.examId])

  const edit = (field: ApplyField, set: (v: string) => void) => (v: string) => {
    if (field === 'realName' || field === 'telPhone') touched.current[field] = true
    set(v)
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  const submit = () => {
    const e = validateApply({ realName, idCard, telPhone })
    setErrors(e)
    if (hasApplyErrors(e)) return
    run(async () => {
      const s = await mockApply({
        examId: mock.examId,
        realName: realName.trim(),
        idCard: normalizeIdCard(idCard),
        telPhone: telPhone.trim(),
        ...(subjectId ? { subjectId } : {}),
      })
      Taro.redirectTo({ url: mockUrl.success(s.subscribeId) })
    })
  }

  const options = pickSubject && subjectList.status === 'ready' ? (subjectList.data ?? []) : []
  return (
    <>
      <View className="mk-card mk-form">
        <FormRow label={tx('apply.realName')} error={errors.realName && tx(errors.realName)}>
          <TextInput
            className="mk-realname"
            value={realName}
            onChange={edit('realName', setRealName)}
            maxlength={30}
            placeholder={tx('apply.realName.ph')}
          />
        </FormRow>
        <FormRow label={tx('apply.idCard')} error={errors.idCard && tx(errors.idCard)}>
          <TextInput
            className="mk-idcard"
            value={idCard}
            onChange={edit('idCard', setIdCard)}
            maxlength={18}
            placeholder={tx('apply.idCard.ph')}
          />
        </FormRow>
        <FormRow label={tx('apply.phone')} error={errors.telPhone && tx(errors.telPhone)}>
          <TextInput
            className="mk-phone"
            type="number"
            value={telPhone}
            onChange={edit('telPhone', setTelPhone)}
            maxlength={11}
            placeholder={tx('apply.phone.ph')}
          />
        </FormRow>
        {mock.subjectId ? (
          <InfoRow label={tx('apply.subject')} value={mock.subjectName} />
        ) : (
          options.length > 0 && (
            <View className="mk-subjects">
              <Text className="form-label">{tx('apply.subject')}</Text>
              <View className="mk-chips-wrap">
                <View
                  className={`mk-chip mk-subject-any${subjectId === undefined ? ' is-active' : ''}`}
                  onClick={() => setSubjectId(undefined)}
                >
                  <Text>{tx('apply.subjectAny')}</Text>
                </View>
                {options.map((s) => (
                  <View
                    key={s.subjectId}
                    className={`mk-chip mk-subject-${s.subjectId}${subjectId === s.subjectId ? ' is-active' : ''}`}
                    onClick={() => setSubjectId(s.subjectId)}
                  >
                    <Text>{s.subjectName}</Text>
                  </View>
                ))}
              </View>
            </View>
          )
        )}
        <InfoRow label={tx('apply.site')} value={tx('mock.online')} />
      </View>
      <Text className="mk-note mk-privacy">{tx('apply.privacy')}</Text>
      <View className="mk-actions">
        <Button
          className={`form-submit mk-submit mk-apply-submit${submitting ? ' is-busy' : ''}`}
          disabled={submitting || undefined}
          onClick={submit}
        >
          {tx('apply.submit')}
        </Button>
      </View>
    </>
  )
}

export default function MockApply() {
  const { params } = useRouter()
  const examId = numParam((params as Record<string, string | undefined>).examId)
  const mock = useLoader(() => findMock(examId ?? 0))
  useDidShow(() => {
    if (examId && requireLogin()) mock.reload(mock.status === 'ready')
  })

  const back = () => backTo(mockUrl.home)
  const m = mock.data
  const now = nowSeconds()
  return (
    <View className="page mk-page mk-apply-page" style={themeStyle}>
      <NavBar title={tx('apply.title')} />
      {!examId ? (
        <Empty text={tx('apply.notFound')} actionText={tx('apply.back')} onAction={back} />
      ) : (
        <StatusBox
          status={mock.status}
          empty={!m}
          emptyText={tx('apply.notFound')}
          emptyAction={tx('apply.back')}
          onEmptyAction={back}
          onRetry={() => mock.reload()}
        >
          {m && (
            <>
              <View className="mk-card mk-apply-head">
                <Text className="mk-card-title mk-apply-name">{m.name}</Text>
                {!!(m.businessName || m.subjectName) && (
                  <Text className="mk-muted">{[m.businessName, m.subjectName].filter(Boolean).join(' / ')}</Text>
                )}
                <Text className="mk-line">{tx('mock.window', { time: windowText(m.openTime, m.closeTime) })}</Text>
                <Text className="mk-line">
                  {tx('mock.applyWindow', { time: windowText(m.applyOpenTime, m.applyCloseTime) })}
                </Text>
              </View>
              {m.applied ? (
                <View className="mk-card mk-apply-state mk-already">
                  <Text className="mk-card-title">{tx('apply.already')}</Text>
                  {m.subscribeId && (
                    <View
                      className="mk-btn is-primary mk-view-application"
                      onClick={() => Taro.redirectTo({ url: mockUrl.success(m.subscribeId as number) })}
                    >
                      {tx('apply.view')}
                    </View>
                  )}
                </View>
              ) : !m.canApply ? (
                <View className="mk-card mk-apply-state mk-apply-closed">
                  <Text className="mk-card-title">
                    {tx(m.applyOpenTime && now < m.applyOpenTime ? 'apply.notOpen' : 'apply.closed')}
                  </Text>
                  <View className="mk-btn mk-back" onClick={back}>
                    {tx('apply.back')}
                  </View>
                </View>
              ) : (
                <ApplyForm mock={m} />
              )}
            </>
          )}
        </StatusBox>
      )}
    </View>
  )
}
