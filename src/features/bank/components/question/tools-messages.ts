import { i18n } from '@/i18n'

const zh = { note: '笔记', ask: '提问' }
const en: Record<keyof typeof zh, string> = { note: 'Note', ask: 'Ask' }

export const qx = i18n.scope('questionTools', zh, en)
