import { scoped } from '@/i18n/scoped'

const zh = { note: '笔记', ask: '提问' }
const en: Record<keyof typeof zh, string> = { note: 'Note', ask: 'Ask' }

export const qx = scoped(zh, en)
