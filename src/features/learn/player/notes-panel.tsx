/**
 * The notes of the section playing (docs/DECISIONS.md "Notes"): 记笔记 pauses the video and keeps its time with
 * the note; the section's notes are listed by time and a tap on one seeks the video back there (within the
 * anti-skip bound: PlaybackControl.seek). 提问 asks the teachers about this section; 全部笔记 opens My notes.
 */
import { Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { useSubmit } from '@/components/form/use-submit'
import type { PlaybackControl } from '@/features/learn/components/video-player/playback'
import { addNote, NOTE_MAX, type Note, noteListDate } from '@/features/note/api'
import { formatClock } from '@/lib/datetime'
import { px } from './messages'
import './notes-panel.scss'

const QUIET = { noLoading: true, silent: true } as const

export interface NotesPanelProps {
  goodsId: number
  sectionId: number
  /** the section's name (the ask page says what the question is about) */
  sectionName: string
  /** a free trial section: the teachers answer learners of the course only */
  canAsk?: boolean
  control: PlaybackControl
  /** seek here once the panel is shown (the player opened from a note: ?at=) */
  startAt?: number
}

export default function NotesPanel({
  goodsId,
  sectionId,
  sectionName,
  canAsk = true,
  control,
  startAt,
}: NotesPanelProps) {
  const [notes, setNotes] = useState<Note[]>([])
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [draft, setDraft] = useState<{ at: number; text: string; error: string } | null>(null)
  const { submitting, run } = useSubmit()

  const load = useCallback(async () => {
    setStatus('loading')
    try {
      const res = await noteListDate({ sectionId }, QUIET)
      const all = res.days.flatMap((d) => d.notes)
      all.sort((a, b) => (a.videoTime ?? 0) - (b.videoTime ?? 0) || a.noteId - b.noteId)
      setNotes(all)
      setStatus('ready')
    } catch {
      setStatus('error')
    }
  }, [sectionId])

  useEffect(() => {
    load()
  }, [load])

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per section, where the note said
  useEffect(() => {
    if (startAt !== undefined && startAt > 0) control.seek(startAt)
  }, [sectionId])

  const take = () => {
    const at = Math.floor(control.position())
    control.pause()
    setDraft({ at, text: '', error: '' })
  }

  const save = () => {
    if (!draft) return
    const text = draft.text.trim()
    const error = !text ? px('required') : text.length > NOTE_MAX ? px('tooLong', { n: NOTE_MAX }) : ''
    if (error) {
      setDraft({ ...draft, error })
      return
    }
    run(async () => {
      const note = await addNote({ sectionId, goodsId, videoTime: draft.at, content: text }, { noLoading: true })
      setNotes((prev) => [...prev, note].sort((a, b) => (a.videoTime ?? 0) - (b.videoTime ?? 0) || a.noteId - b.noteId))
      setDraft(null)
      Taro.showToast({ title: px('saved'), icon: 'none' })
    })
  }

  const jump = (n: Note) => {
    const at = n.videoTime ?? 0
    control.seek(at)
    Taro.showToast({ title: px('jumped', { time: formatClock(at) }), icon: 'none' })
  }

  return (
    <View className="vp-notes">
      <View className="vp-notes-head">
        <Text className="vp-notes-title">{px('notesCount', { n: notes.length })}</Text>
        <View className="vp-notes-tools">
          <Text
            className="vp-notes-link vp-notes-all"
            onClick={() => Taro.navigateTo({ url: '/pages3/note/index' }).catch(() => undefined)}
          >
            {px('all')}
          </Text>
          {canAsk && (
            <View
              className="vp-btn vp-ask"
              onClick={() =>
                Taro.navigateTo({
                  url: `/pages3/answer/ask?sectionId=${sectionId}&goodsId=${goodsId}&title=${encodeURIComponent(sectionName)}`,
                }).catch(() => undefined)
              }
            >
              <Text>{px('ask')}</Text>
            </View>
          )}
          <View className="vp-btn is-primary vp-note-take" onClick={take}>
            <Text>{px('take')}</Text>
          </View>
        </View>
      </View>
      {draft && (
        <View className="vp-note-draft">
          <Text className="vp-muted vp-note-at">{px('at', { time: formatClock(draft.at) })}</Text>
          <Textarea
            className="vp-note-input"
            value={draft.text}
            maxlength={NOTE_MAX}
            placeholder={px('placeholder')}
            focus
            onInput={(e) => setDraft({ ...draft, text: String(e.detail?.value ?? ''), error: '' })}
          />
          <View className="vp-note-row">
            <Text className="vp-note-error">{draft.error}</Text>
            <Text className="vp-muted">{px('count', { n: draft.text.length, max: NOTE_MAX })}</Text>
          </View>
          <View className="vp-note-actions">
            <View className="vp-btn vp-note-cancel" onClick={() => !submitting && setDraft(null)}>
              <Text>{px('cancel')}</Text>
            </View>
            <View className={`vp-btn is-primary vp-note-save${submitting ? ' is-busy' : ''}`} onClick={save}>
              <Text>{px('save')}</Text>
            </View>
          </View>
        </View>
      )}
      {status === 'error' && (
        <Text className="vp-muted vp-notes-retry" onClick={load}>
          {px('loadFailed')}
        </Text>
      )}
      {status === 'ready' && notes.length === 0 && !draft && (
        <Text className="vp-muted vp-notes-empty">{px('empty')}</Text>
      )}
      {notes.map((n) => (
        <View key={n.noteId} className={`vp-note vp-note-${n.noteId}`} onClick={() => jump(n)}>
          <Text className="vp-note-time">{formatClock(n.videoTime ?? 0)}</Text>
          <Text className="vp-note-text">{n.content}</Text>
        </View>
      ))}
    </View>
  )
}
