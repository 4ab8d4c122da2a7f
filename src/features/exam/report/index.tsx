/**
 * The report of an exam attempt. Query: `recordId` (+ `examId`, `kind=mock`). The server's report (score of the
 * total, pass / fail against the pass mark, right rate, time, counts), notes (essays waiting for marking,
 * submitted at the deadline), the learner's attempts of the exam, the ranking, the certificate, explanations,
 * retake while attempts are left; mock attempts can put their wrong questions into the wrong book.
 */
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useEffect } from 'react'
import Empty from '@/components/empty'
import NavBar from '@/components/nav-bar'
import { themeStyle } from '@/components/theme'
import { record } from '@/features/bank/api'
import { intParam } from '@/features/bank/components/question/guard'
import ReportSummary from '@/features/bank/components/question/report-summary'
import { QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { examDetail, mockWrongNum, ranking } from '@/features/exam/api'
import { tx } from '../sit/messages'
import { EXAMS_URL, MOCKS_URL } from '../sit/parts'
import { type ExamKindParam, examPageUrl } from '../sit/session'
import { AttemptHistory, CertificateSection, MockWrongSection, RankingSection, SectionFailed } from './parts'
import '@/features/bank/components/question/index.scss'
import '../sit/exam.scss'
import { backTo } from '@/features/exam/ui'

export default function ExamReportPage() {
  const { params } = useRouter()
  const recordId = intParam(params.recordId)
  const kind: ExamKindParam = params.kind === 'mock' ? 'mock' : 'formal'

  const rec = useLoader(() => record(recordId ?? 0, QUIET))
  const examId = intParam(params.examId) ?? rec.data?.examId ?? undefined
  const exam = useLoader(() => examDetail(examId ?? 0, QUIET))
  const rank = useLoader(() => ranking(examId ?? 0, 20, QUIET))
  const wrong = useLoader(() => mockWrongNum(recordId ?? 0, QUIET))
  const mock = kind === 'mock'

  useDidShow(() => {
    if (!recordId || !requireLogin()) return
    rec.reload(rec.status === 'ready')
    if (mock) wrong.reload(wrong.status === 'ready')
  })
  // the exam is known from the query at once, or from the attempt once it is read
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the exam becomes known
  useEffect(() => {
    if (!examId) return
    exam.reload()
    rank.reload()
  }, [examId])
  usePullDownRefresh(() => {
    const all = [rec.reload(true)]
    if (examId) all.push(exam.reload(true), rank.reload(true))
    if (mock) all.push(wrong.reload(true))
    Promise.all(all).finally(() => Taro.stopPullDownRefresh())
  })

  const d = rec.data
  const e = exam.data
  const report = d?.report ?? null
  const pendingNum = d ? d.answers.filter((a) => a.state === 'pending').length : 0
  const explain = (page: string) => Taro.navigateTo({ url: `/pages5/examReport/${page}?recordId=${recordId}` })

  const attemptsLeft = e ? (e.maxAttempts === 0 ? Number.POSITIVE_INFINITY : e.maxAttempts - e.attemptsUsed) : 0
  const resumeId = e?.openRecordId && e.openRecordId !== recordId ? e.openRecordId : null
  const canRetake = !!e && e.status === 'open' && (resumeId !== null || attemptsLeft > 0)
  const retake = () => {
    if (!e) return
    if (resumeId) {
      Taro.redirectTo({ url: examPageUrl({ recordId: resumeId, examId: e.examId, kind }) })
      return
    }
    // the exam page asks before the new attempt starts (which attempt, and whether it is the last)
    Taro.redirectTo({ url: examPageUrl({ examId: e.examId, kind }) })
  }

  if (!recordId)
    return (
      <View className="page exam-page exam-report" style={themeStyle}>
        <NavBar title={tx('report.title')} />
        <Empty
          text={tx('exam.badLink')}
          actionText={tx('exam.back')}
          onAction={() => backTo(mock ? MOCKS_URL : EXAMS_URL)}
        />
      </View>
    )

  return (
    <View className="page exam-page exam-report" style={themeStyle}>
      <NavBar title={tx('report.title')} />
      <StatusBox status={rec.status} empty={!d} emptyText={tx('exam.badLink')} onRetry={() => rec.reload()} rows={4}>
        {d && !report && (
          <Empty
            text={tx('report.notSubmitted')}
            actionText={tx('report.continue')}
            onAction={() => Taro.redirectTo({ url: examPageUrl({ recordId, examId, kind }) })}
          />
        )}
        {d && report && (
          <View className="exam-report-body">
            <ReportSummary
              report={report}
              title={e?.name ?? d.title}
              onWrongExplain={() => {
                if (report.questionIds.length) explain('questionBankWrongExplain')
                else Taro.showToast({ title: tx('report.wrong.none'), icon: 'none' })
              }}
              onAllExplain={() => explain('questionBankAllExplain')}
            />
            {(d.autoSubmitted || pendingNum > 0) && (
              <View className="exam-notes">
                {d.autoSubmitted && <Text className="exam-note is-info report-auto">{tx('report.autoSubmitted')}</Text>}
                {pendingNum > 0 && (
                  <Text className="exam-note report-pending">{tx('report.pending', { n: pendingNum })}</Text>
                )}
              </View>
            )}
            {mock && wrong.data && (
              <MockWrongSection
                recordId={recordId}
                wrongNum={wrong.data.wrongNum}
                inBookNum={wrong.data.inBookNum}
                onAdded={() => wrong.reload(true)}
              />
            )}
            <View className="exam-report-actions">
              <View className="exam-btn exam-back" onClick={() => backTo(mock ? MOCKS_URL : EXAMS_URL)}>
                <Text>{mock ? tx('report.backToMocks') : tx('report.backToExams')}</Text>
              </View>
              {canRetake && (
                <View className="exam-btn is-primary exam-retake" onClick={retake}>
                  <Text>
                    {resumeId
                      ? tx('report.continue')
                      : Number.isFinite(attemptsLeft)
                        ? tx('report.retake.left', { n: attemptsLeft })
                        : tx('report.retake')}
                  </Text>
                </View>
              )}
            </View>
            {e?.certificate && examId && <CertificateSection certificate={e.certificate} examId={examId} />}
            {exam.status === 'error' && (
              <SectionFailed className="exam-failed" text={tx('report.exam.failed')} onRetry={() => exam.reload()} />
            )}
            {rank.data && <RankingSection ranking={rank.data} />}
            {rank.status === 'error' && examId && (
              <SectionFailed className="rank-failed" text={tx('report.ranking.failed')} onRetry={() => rank.reload()} />
            )}
            {e && examId && <AttemptHistory attempts={e.attempts} current={recordId} examId={examId} kind={kind} />}
          </View>
        )}
      </StatusBox>
    </View>
  )
}
