/**
 * My notes (spec: notes, /user/note*; the spec names no page, so it sits at pages3/note/index — docs/DECISIONS.md
 * "Notes"). Without a filter: a month calendar (a dot on each day with notes; tap a day to see only it) over the
 * month's notes grouped by day (`listDate`), the previous / next month as the paging. `?questionId` (from the
 * question card): that question's notes and a composer for a new one; `?courseId` / `?sectionId`: that course's
 * or section's notes, all time. A section note opens the player back at its time; every note can be edited and
 * deleted.
 */
import { Text, Textarea, View } from '@tarojs/components'
import Taro, { useDidShow, usePullDownRefresh, useRouter } from '@tarojs/taro'
import { useRef, useState } from 'react'
import Empty from '@/components/empty'
import { useSubmit } from '@/components/form/use-submit'
import NavBar from '@/components/nav-bar'
import PageLoading from '@/components/page-loading'
import { themeStyle } from '@/components/theme'
import { numParam, requireLogin } from '@/features/bank/lib'
import {
  addNote,
  deleteNote,
  editNote,
  NOTE_LIST_MAX,
  NOTE_MAX,
  type Note,
  type NoteDays,
  type NoteQuery,
  noteListDate,
} from '@/features/note/api'
import { t } from '@/i18n/sub'
import { formatClock, formatDate } from '@/lib/datetime'
import { chinaDate, monthGrid, shiftMonth } from './calendar'
import { nx } from './messages'
import './index.scss'

const QUIET = { noLoading: true, silent: true } as const

/** The player at a section note's time (the goods it was played through). */
const playerUrl = (n: Pick<Note, 'goodsId' | 'sectionId' | 'videoTime'>) =>
  n.goodsId && n.sectionId
    ? `/pages3/polyv/index?goodsId=${n.goodsId}&sectionId=${n.sectionId}&at=${n.videoTime ?? 0}`
    : ''

type Editing = { note: Note | null; text: string; error: string }

export default function MyNotes() {
  const { params } = useRouter()
  const p = params as Record<string, string | undefined>
  const questionId = numParam(p.questionId)
  const sectionId = numParam(p.sectionId)
  const courseId = numParam(p.courseId)
  const filtered = !!(questionId || sectionId || courseId)

  const [month, setMonth] = useState(chinaDate().slice(0, 7))
  const [day, setDay] = useState<string | null>(null)
  const [data, setData] = useState<NoteDays | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [editing, setEditing] = useState<Editing | null>(null)
  const { submitting, run } = useSubmit()
  // the newest request wins: quick month switches never show an older month
  const seq = useRef(0)

  const load = async (m = month, quietly = false) => {
    const mine = ++seq.current
    if (!quietly) setStatus('loading')
    const query: NoteQuery = filtered ? { questionId, sectionId, courseId } : { month: m }
    try {
      const res = await noteListDate(query, QUIET)
      if (mine !== seq.current) return
      setData(res)
      setStatus('ready')
    } catch {
      if (mine === seq.current) setStatus((s) => (quietly && s === 'ready' ? s : 'error'))
    }
  }

  useDidShow(() => {
    if (!requireLogin()) return
    load(month, status === 'ready')
  })
  usePullDownRefresh(() => {
    load(month, true).finally(() => Taro.stopPullDownRefresh())
  })

  const switchMonth = (n: number) => {
    const next = shiftMonth(month, n)
    setMonth(next)
    setDay(null)
    load(next)
  }

  const save = () => {
    if (!editing) return
    const text = editing.text.trim()
    const error = !text ? nx('required') : text.length > NOTE_MAX ? nx('tooLong', { n: NOTE_MAX }) : ''
    if (error) {
      setEditing({ ...editing, error })
      return
    }
    run(async () => {
      if (editing.note) await editNote(editing.note.noteId, text)
      else if (questionId) await addNote({ questionId, content: text })
      setEditing(null)
      Taro.showToast({ title: nx('saved'), icon: 'none' })
      await load(month, true)
    })
  }

  const remove = async (n: Note) => {
    const r = await Taro.showModal({
      title: t('common.tip'),
      content: nx('deleteConfirm'),
      confirmText: nx('delete'),
      cancelText: nx('cancel'),
    })
    if (!r.confirm) return
    try {
      await deleteNote(n.noteId)
      Taro.showToast({ title: nx('deleted'), icon: 'none' })
    } catch {
      // shown by the request layer
    }
    await load(month, true)
  }

  const title = questionId ? nx('titleQuestion') : courseId || sectionId ? nx('titleCourse') : nx('title')
  const days = (data?.days ?? []).filter((d) => !day || d.date === day)
  const counts = new Map((data?.days ?? []).map((d) => [d.date, d.count]))
  const [y, m] = month.split('-')
  const today = chinaDate()

  return (
    <View className="page note-page" style={themeStyle}>
      <NavBar title={title} />
      {!filtered && (
        <View className="note-calendar">
          <View className="note-cal-head">
            <Text className="note-cal-nav note-prev-month" onClick={() => switchMonth(-1)}>
              {`‹ ${nx('prevMonth')}`}
            </Text>
            <Text className="note-cal-month">{nx('month', { y: y ?? '', m: Number(m) })}</Text>
            <Text className="note-cal-nav note-next-month" onClick={() => switchMonth(1)}>
              {`${nx('nextMonth')} ›`}
            </Text>
          </View>
          <View className="note-cal-week">
            {nx('weekdays')
              .split(',')
              .map((w) => (
                <Text key={w} className="note-cal-weekday">
                  {w}
                </Text>
              ))}
          </View>
          {monthGrid(month).map((week) => (
            <View key={week.find(Boolean) ?? 'pad'} className="note-cal-week">
              {week.map((d, i) =>
                d ? (
                  <View
                    key={d}
                    className={[
                      'note-cal-day',
                      `note-day-${d}`,
                      counts.has(d) ? 'has-notes' : '',
                      d === day ? 'is-picked' : '',
                      d === today ? 'is-today' : '',
                    ]
                      .filter(Boolean)
                      .join(' ')}
                    onClick={() => setDay(d === day ? null : d)}
                  >
                    <Text className="note-cal-num">{Number(d.slice(8))}</Text>
                    {counts.has(d) && <View className="note-cal-dot" />}
                  </View>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: padding cells are positional
                  <View key={`pad-${i}`} className="note-cal-day is-pad" />
                ),
              )}
            </View>
          ))}
          {status === 'ready' && (
            <View className="note-cal-foot">
              <Text className="note-muted">{nx('monthCount', { n: data?.total ?? 0 })}</Text>
              {day && (
                <Text className="note-link note-day-all" onClick={() => setDay(null)}>
                  {nx('dayAll')}
                </Text>
              )}
            </View>
          )}
        </View>
      )}

      {questionId && (
        <View className="note-question-head">
          <Text className="note-question-title">{nx('questionHead')}</Text>
          <View
            className="note-btn is-primary note-add"
            onClick={() => setEditing({ note: null, text: '', error: '' })}
          >
            <Text>{nx('add')}</Text>
          </View>
        </View>
      )}

      {status === 'loading' && <PageLoading rows={3} />}
      {status === 'error' && (
        <Empty text={t('shell.loadFailed')} actionText={t('common.retry')} onAction={() => load(month)} />
      )}
      {status === 'ready' && days.length === 0 && (
        <Empty
          text={filtered ? nx('emptyFiltered') : day ? nx('emptyDay') : nx('empty')}
          hint={filtered || day ? undefined : nx('emptyHint')}
        />
      )}
      {status === 'ready' && data?.truncated && (
        <Text className="note-muted note-truncated">{nx('truncated', { n: NOTE_LIST_MAX })}</Text>
      )}
      {status === 'ready' &&
        days.map((d) => (
          <View key={d.date} className={`note-day note-day-group-${d.date}`}>
            <View className="note-day-head">
              <Text className="note-day-date">{d.date}</Text>
              <Text className="note-muted">{nx('dayCount', { n: d.count })}</Text>
            </View>
            {d.notes.map((n) => {
              const url = playerUrl(n)
              return (
                <View key={n.noteId} className={`note-card note-item note-item-${n.noteId}`}>
                  {n.kind === 'section' ? (
                    <View
                      className={`note-target${url ? ' is-link' : ''}`}
                      onClick={() => url && Taro.navigateTo({ url }).catch(() => undefined)}
                    >
                      <Text className="note-target-name">
                        {[n.courseName, n.sectionName].filter(Boolean).join(' · ')}
                      </Text>
                      <Text className="note-time-chip">
                        {url
                          ? nx('openPlayer', { time: formatClock(n.videoTime ?? 0) })
                          : nx('at', { time: formatClock(n.videoTime ?? 0) })}
                      </Text>
                    </View>
                  ) : (
                    <View className="note-target">
                      <Text className="note-target-name">{nx('onQuestion', { title: n.questionTitle })}</Text>
                    </View>
                  )}
                  <Text className="note-content" userSelect>
                    {n.content}
                  </Text>
                  <View className="note-foot">
                    <Text className="note-muted">{formatDate(n.createTime, { time: true })}</Text>
                    <View className="note-actions">
                      <Text
                        className="note-action note-edit"
                        onClick={() => setEditing({ note: n, text: n.content, error: '' })}
                      >
                        {nx('edit')}
                      </Text>
                      <Text className="note-action note-delete" onClick={() => remove(n)}>
                        {nx('delete')}
                      </Text>
                    </View>
                  </View>
                </View>
              )
            })}
          </View>
        ))}

      {editing && (
        <View className="note-sheet-mask" onClick={() => !submitting && setEditing(null)}>
          <View className="note-sheet" onClick={(e) => e.stopPropagation()}>
            <Text className="note-sheet-title">{editing.note ? nx('editTitle') : nx('addTitle')}</Text>
            <Textarea
              className="note-input"
              value={editing.text}
              maxlength={NOTE_MAX}
              placeholder={nx('placeholder')}
              focus
              onInput={(e) => setEditing({ ...editing, text: String(e.detail?.value ?? ''), error: '' })}
            />
            <View className="note-sheet-row">
              <Text className="note-error">{editing.error}</Text>
              <Text className="note-muted">{nx('count', { n: editing.text.length, max: NOTE_MAX })}</Text>
            </View>
            <View className="note-sheet-actions">
              <View className="note-btn note-cancel" onClick={() => !submitting && setEditing(null)}>
                <Text>{nx('cancel')}</Text>
              </View>
              <View className={`note-btn is-primary note-save${submitting ? ' is-busy' : ''}`} onClick={save}>
                <Text>{nx('save')}</Text>
              </View>
            </View>
          </View>
        </View>
      )}
    </View>
  )
}
