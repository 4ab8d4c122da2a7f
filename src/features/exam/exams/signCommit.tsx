/**
 * The commitment letter (?examId): the tenant's text, "I have read and agree", a handwritten signature on a
 * canvas. Submit: the pad's PNG -> uploadImage (the upload service's signed POST) -> signCommitment with the
 * booking -> back. Signed already: the signature and when, read-only. No booking yet: book first.
 */
import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { useDidShow, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import { imageUrl } from '@/components/link'
import NavBar from '@/components/nav-bar'
import RichHtml from '@/components/rich-html'
import { themeStyle } from '@/components/theme'
import { numParam, QUIET, requireLogin, useLoader } from '@/features/bank/lib'
import { StatusBox } from '@/features/bank/ui'
import { type Appointment, type CommitmentLetter, commitmentLetter, signCommitment } from '@/features/exam/api'
import { uploadImage } from '@/services/upload'
import { SignaturePad, type SignaturePadHandle } from '../components/signature-pad/index'
import { MIN_INK_LENGTH } from '../components/signature-pad/stroke'
import { go } from './actions'
import { tx } from './messages'
import { examUrl } from './rules'
import './exam.scss'
import { dateTime } from '@/features/exam/ui'

const toast = (title: string) => Taro.showToast({ title, icon: 'none', duration: 2000 })

function Signed({ letter }: { letter: CommitmentLetter }) {
  return (
    <View className="ex-sign-done">
      <View className="ex-item-head">
        <Text className="ex-tag ex-passed ex-signed">{tx('sign.signed')}</Text>
        {letter.signedTime !== null && (
          <Text className="qb-muted ex-signed-time">{tx('sign.signedAt', { time: dateTime(letter.signedTime) })}</Text>
        )}
      </View>
      <Text className="ex-sign-label">{tx('sign.yourSignature')}</Text>
      {!!letter.signatureUrl && (
        <Image className="ex-signature-img" src={imageUrl(letter.signatureUrl)} mode="aspectFit" />
      )}
    </View>
  )
}

function SignForm({
  letter,
  onDone,
}: {
  letter: CommitmentLetter & { appointmentId: number }
  onDone: (signed: Appointment) => void
}) {
  const [agreed, setAgreed] = useState(false)
  const [ink, setInk] = useState(0)
  const pad = useRef<SignaturePadHandle>(null)
  const { submitting, run } = useSubmit()

  const submit = async () => {
    if (submitting) return
    if (!agreed) return toast(tx('sign.needAgree'))
    if ((pad.current?.ink() ?? 0) < MIN_INK_LENGTH) return toast(tx('sign.needInk'))
    await run(async () => {
      let image: Awaited<ReturnType<SignaturePadHandle['toImage']>>
      let signed: Appointment
      try {
        image = await pad.current!.toImage()
      } catch (e) {
        toast(tx('sign.exportFailed'))
        throw e
      }
      try {
        // uploadImage toasts its own failure; the signature PNG is small enough to go as it is
        const file = await uploadImage(image.path)
        signed = await signCommitment(letter.appointmentId, file.url)
      } finally {
        image.dispose?.()
      }
      Taro.showToast({ title: tx('sign.done'), icon: 'success' })
      onDone(signed)
    })
  }

  return (
    <View className="ex-sign-form">
      <View
        className={`ex-agree${agreed ? ' is-checked' : ''}`}
        role="checkbox"
        aria-checked={agreed}
        onClick={() => setAgreed((v) => !v)}
      >
        <View className="ex-agree-box">{agreed ? '✓' : ''}</View>
        <Text>{tx('sign.agree')}</Text>
      </View>
      <View className="ex-sign-head">
        <Text className="ex-sign-label">{tx('sign.pad')}</Text>
        <Text
          className={`qb-link ex-sign-clear${ink > 0 ? '' : ' is-idle'}`}
          onClick={() => {
            pad.current?.clear()
          }}
        >
          {tx('sign.clear')}
        </Text>
      </View>
      <SignaturePad ref={pad} onInk={setInk} disabled={submitting} />
      <Button
        className={`ex-btn ex-sign-submit${submitting ? ' is-busy' : ''}`}
        disabled={submitting || undefined}
        onClick={submit}
      >
        {submitting ? tx('sign.submitting') : tx('sign.submit')}
      </Button>
    </View>
  )
}

export default function SignCommit() {
  const { params } = useRouter()
  const examId = numParam((params as Record<string, string | undefined>).examId)
  const page = useLoader(() => commitmentLetter(examId!, QUIET))
  const loaded = useRef(false)

  // read once: a reload while signing would reset the pad; coming back from booking reads it again
  useDidShow(() => {
    if (!requireLogin() || !examId) return
    if (!loaded.current || !page.data?.appointmentId) page.reload(loaded.current)
    loaded.current = true
  })

  /** signed: show it read-only at once (no second submit), then go back */
  const done = (a: Appointment) => {
    page.setData((l) =>
      l
        ? {
            ...l,
            signed: true,
            signatureUrl: a.signatureUrl,
            signedTime: a.signedTime ?? Math.floor(Date.now() / 1000),
          }
        : l,
    )
    setTimeout(() => {
      Taro.navigateBack().catch(() => Taro.redirectTo({ url: examUrl.entry(examId!) }))
    }, 800)
  }

  const letter = page.data
  return (
    <View className="qb-page ex-page ex-sign" style={themeStyle}>
      <NavBar title={tx('sign.title')} />
      {!examId ? (
        <Empty text={tx('entryPage.notFound')} />
      ) : (
        <StatusBox status={page.status} empty={false} emptyText="" onRetry={() => page.reload()} rows={6}>
          {letter && (
            <>
              <View className="qb-section ex-letter-card">
                <Text className="ex-letter-title">{letter.title}</Text>
                <Text className="qb-muted ex-letter-exam">{letter.examName}</Text>
                <RichHtml className="ex-letter-content" html={letter.content} />
              </View>
              <View className="qb-section">
                {letter.signed ? (
                  <Signed letter={letter} />
                ) : letter.appointmentId === null ? (
                  <View className="ex-sign-nobooking">
                    <Text className="ex-booking-none-title">{tx('sign.needBooking')}</Text>
                    <Text className="qb-muted">{tx('sign.needBookingHint')}</Text>
                    <Text className="qb-btn is-primary ex-book" onClick={() => go(examUrl.book(examId))}>
                      {tx('sign.toBook')}
                    </Text>
                  </View>
                ) : (
                  <SignForm letter={{ ...letter, appointmentId: letter.appointmentId }} onDone={done} />
                )}
              </View>
            </>
          )}
        </StatusBox>
      )}
    </View>
  )
}
