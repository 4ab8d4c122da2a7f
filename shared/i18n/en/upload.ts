import type zh from '../zh-CN/upload'

export default {
  'upload.failed': 'upload interface error',
  'upload.progress': 'Uploading {n}%',
} satisfies Record<keyof typeof zh, string>
