/**
 * The question form (ask page, and the edit sheet of My questions): text up to ANSWER_MAX characters and up to
 * ANSWER_MAX_IMAGES images uploaded through src/services/upload (one upload at a time; submit waits for it).
 */
import { Image, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'
import { useSubmit } from '@/components/form/use-submit'
import { imageUrl } from '@/components/link'
import { ANSWER_MAX, ANSWER_MAX_IMAGES } from '@/features/answer/api'
import { chooseAndUploadImages } from '@/services/upload'
import { ax } from './messages'

export interface AskFormProps {
  initialText?: string
  initialImages?: string[]
  submitText: string
  /** saves; a rejection (shown by the request layer) keeps the form as it is */
  onSubmit: (content: string, imageList: string[]) => Promise<void>
  onCancel?: () => void
}

export default function AskForm({
  initialText = '',
  initialImages = [],
  submitText,
  onSubmit,
  onCancel,
}: AskFormProps) {
  const [text, setText] = useState(initialText)
  const [images, setImages] = useState<string[]>(initialImages)
  const [uploading, setUploading] = useState<number | null>(null)
  const [error, setError] = useState('')
  const { submitting, run } = useSubmit()

  const addImages = async () => {
    if (uploading !== null || images.length >= ANSWER_MAX_IMAGES) return
    setUploading(0)
    try {
      const files = await chooseAndUploadImages({
        count: ANSWER_MAX_IMAGES - images.length,
        onProgress: (n) => setUploading(n),
      })
      if (files.length > 0) setImages((prev) => [...prev, ...files.map((f) => f.url)].slice(0, ANSWER_MAX_IMAGES))
    } catch {
      // the upload service has told the learner; nothing is added
    } finally {
      setUploading(null)
    }
  }

  const submit = () => {
    const content = text.trim()
    const err = !content ? ax('required') : content.length > ANSWER_MAX ? ax('tooLong', { n: ANSWER_MAX }) : ''
    setError(err)
    if (err) return
    if (uploading !== null) {
      Taro.showToast({ title: ax('waitUpload'), icon: 'none' })
      return
    }
    run(() => onSubmit(content, images))
  }

  const urls = images.map(imageUrl)
  return (
    <View className="ask-form">
      <Textarea
        className="ask-input"
        value={text}
        maxlength={ANSWER_MAX}
        placeholder={ax('placeholder')}
        onInput={(e) => {
          setText(String(e.detail?.value ?? ''))
          setError('')
        }}
      />
      <View className="ask-row">
        <Text className="ask-error">{error}</Text>
        <Text className="ask-muted">{ax('count', { n: text.length, max: ANSWER_MAX })}</Text>
      </View>
      <View className="ask-images">
        {images.map((url, i) => (
          <View key={url} className={`ask-image ask-image-${i}`}>
            <Image
              className="ask-image-thumb"
              src={urls[i]!}
              mode="aspectFill"
              onClick={() => Taro.previewImage({ current: urls[i]!, urls }).catch(() => undefined)}
            />
            <Text className="ask-image-remove" onClick={() => setImages((prev) => prev.filter((_, j) => j !== i))}>
              {ax('removeImage')}
            </Text>
          </View>
        ))}
        {uploading !== null && (
          <View className="ask-image is-uploading">
            <Text>{ax('uploading', { n: uploading })}</Text>
          </View>
        )}
        {uploading === null && images.length < ANSWER_MAX_IMAGES && (
          <View className="ask-image-add" onClick={addImages}>
            <Text className="ask-image-add-icon">+</Text>
            <Text>{ax('addImage')}</Text>
          </View>
        )}
      </View>
      <Text className="ask-muted ask-image-hint">{ax('imageHint', { n: ANSWER_MAX_IMAGES })}</Text>
      <View className="ask-actions">
        {onCancel && (
          <View className="ask-btn ask-cancel" onClick={() => !submitting && onCancel()}>
            <Text>{ax('cancel')}</Text>
          </View>
        )}
        <View className={`ask-btn is-primary ask-submit${submitting ? ' is-busy' : ''}`} onClick={submit}>
          <Text>{submitText}</Text>
        </View>
      </View>
    </View>
  )
}
