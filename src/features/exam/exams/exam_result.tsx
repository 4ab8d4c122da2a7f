/**
 * Scores and certificate of one exam (?examId, or ?recordId of one of its attempts): the attempts with their
 * scores and pass / fail, the best score, and when passed the certificate drawn on a canvas with its serial,
 * "save" (H5: a PNG download; weapp: the photo album) and "verify" (the public verify page). Not passed yet:
 * the best score and the way back to the exam.
 */
import { Button, Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useRef } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { record } from '@/features/bank/api'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { Section, StatusBox } from '@/features/bank/ui'
import { type ExamDetail, examDetail } from '@/features/exam/api'
import { ApiError } from '@/services/http/request'
import { go } from './actions'
import { CertificateCanvas, type CertificateCanvasHandle } from './certificate-canvas'
import { tx } from './messages'
import { AttemptList } from './parts'
import { examUrl, score } from './rules'
import { openVerifyUrl } from './save'
import './exam.scss'
import { dateOnly } from '@/features/exam/ui'

async function loadResult(examId: number | undefined, recordId: number | undefined): Promise<ExamDetail | null> {
  try {
    let id = examId
    if (!id && recordId) id = (await record(recordId, QUIET)).examId ?? undefined
    return id ? await examDetail(id, QUIET) : null
  } catch (e) {
    if (e instanceof ApiError && e.code === 404) return null
    throw e
  }
}

function CertificateSection({ d }: { d: ExamDetail & { certificate: NonNullable<ExamDetail['certificate']> } }) {
  const c = d.certificate
  const canvas = useRef<CertificateCanvasHandle>(null)
  const { submitting: saving, run } = useSubmit()

  const save = () =>
    run(async () => {
      try {
        const r = await canvas.current!.save()
        if (r === 'saved') Taro.showToast({ title: tx('cert.saved'), icon: 'success' })
      } catch (e) {
        Taro.showToast({ title: tx('cert.saveFailed'), icon: 'none' })
        throw e
      }
    })

  return (
    <Section title={tx('cert.title')}>
      <CertificateCanvas ref={canvas} cert={c} />
      <Text className="ex-cert-serial" selectable userSelect>
        {tx('cert.serial', { serial: c.serial })}
      </Text>
      <Text className="qb-muted ex-cert-issued">{tx('cert.issued', { date: dateOnly(c.issuedTime) })}</Text>
      {!c.valid && <Text className="ex-warn ex-cert-invalid">{tx('cert.invalid')}</Text>}
      <View className="ex-cert-actions">
        <Button
          className={`ex-btn ex-cert-save${saving ? ' is-busy' : ''}`}
          disabled={saving || undefined}
          onClick={save}
        >
          {saving ? tx('cert.saving') : tx('cert.save')}
        </Button>
        <Text
          className="qb-link ex-cert-verify"
          onClick={() => {
            openVerifyUrl(c.verifyUrl).catch(() => undefined)
          }}
        >
          {tx('cert.verify')}
        </Text>
      </View>
    </Section>
  )
}

export default function ExamResult() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const examId = numParam(p.examId)
  const recordId = numParam(p.recordId)
  const page = useLoader(() => loadResult(examId, recordId))

  useDidShow(() => {
    if (requireLogin()) page.reload(page.status === 'ready')
  })
  usePullDownRefresh(() => {
    page.reload(true).finally(() => Taro.stopPullDownRefresh())
  })

  const d = page.data
  const submitted = d?.attempts.filter((r) => r.submitted) ?? []

  return (
    <View className="qb-page ex-page ex-result" style={themeStyle}>
      <NavBar title={tx('result.title')} />
      {!examId && !recordId ? (
        <Empty text={tx('entryPage.notFound')} />
      ) : (
        <StatusBox
          status={page.status}
          empty={page.status === 'ready' && !d}
          emptyText={tx('entryPage.notFound')}
          onRetry={() => page.reload()}
          rows={5}
        >
          {d && (
            <>
              <View className={`ex-score-card ${d.passed ? 'is-passed' : 'is-failed'}`}>
                <Text className="ex-score-exam">{d.name}</Text>
                <Text className="ex-score-label">{tx('result.best')}</Text>
                <Text className="ex-score-best">{d.bestScore === null ? '--' : score(d.bestScore)}</Text>
                <Text className="ex-score-pass">{tx('result.pass', { score: score(d.passScore) })}</Text>
                <Text className={`ex-tag ${d.passed ? 'ex-passed' : 'ex-failed'} ex-result-state`}>
                  {d.passed ? tx('result.passed') : tx('result.notPassed')}
                </Text>
              </View>

              {d.certificate ? (
                <CertificateSection d={{ ...d, certificate: d.certificate }} />
              ) : d.passed ? (
                <View className="qb-section">
                  <Text className="qb-muted ex-no-certificate">
                    {d.issuesCertificate ? tx('result.certPending') : tx('result.noCertificate')}
                  </Text>
                </View>
              ) : (
                <View className="qb-section ex-not-passed">
                  <Text className="ex-booking-none-title">{tx('result.notPassed')}</Text>
                  <Text className="qb-muted ex-not-passed-hint">
                    {d.bestScore === null
                      ? tx('result.noAttempt')
                      : tx('result.notPassedHint', { score: score(d.bestScore), pass: score(d.passScore) })}
                  </Text>
                  <Text className="qb-btn is-primary ex-to-entry" onClick={() => go(examUrl.entry(d.examId))}>
                    {tx('result.toExam')}
                  </Text>
                </View>
              )}

              <Section title={tx('attempts.title')}>
                {submitted.length === 0 ? (
                  <Text className="qb-muted">{tx('result.noAttempt')}</Text>
                ) : (
                  <AttemptList
                    attempts={d.attempts}
                    passScore={d.passScore}
                    highlight={recordId}
                    onOpen={(r) => go(r.submitted ? examUrl.report(r.recordId) : examUrl.sit(d.examId))}
                  />
                )}
              </Section>
            </>
          )}
        </StatusBox>
      )}
    </View>
  )
}
