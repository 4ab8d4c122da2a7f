import { i18n } from '@/i18n'

const zh = {
  notes: '笔记',
  notesCount: '笔记 {n}',
  take: '记笔记',
  ask: '提问',
  all: '全部笔记',
  at: '在 {time} 处记笔记',
  placeholder: '写下这一段的要点…',
  required: '请填写笔记内容',
  tooLong: '笔记最多 {n} 字',
  save: '保存',
  cancel: '取消',
  saved: '笔记已保存',
  empty: '还没有笔记：看到要点时点「记笔记」，会记下当前的视频时间',
  loadFailed: '笔记加载失败，点此重试',
  jumped: '已回到 {time}',
  count: '{n}/{max}',
  askCourse: '向老师提问',
  courseNotes: '本课程笔记',
}

const en: Record<keyof typeof zh, string> = {
  notes: 'Notes',
  notesCount: 'Notes {n}',
  take: 'Note',
  ask: 'Ask',
  all: 'All notes',
  at: 'Note at {time}',
  placeholder: 'The key point of this part…',
  required: 'Write the note first',
  tooLong: 'A note has at most {n} characters',
  save: 'Save',
  cancel: 'Cancel',
  saved: 'Note saved',
  empty: 'No notes yet: tap "Note" at a key point, the video time is kept with it',
  loadFailed: 'Notes did not load: tap to retry',
  jumped: 'Back at {time}',
  count: '{n}/{max}',
  askCourse: 'Ask a teacher',
  courseNotes: 'Notes of this course',
}

export const px = i18n.scope('polyv', zh, en)
