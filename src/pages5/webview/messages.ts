import { i18n } from '@/i18n'

const zh = {
  'notFound.title': '页面不存在',
  'notFound.text': '页面不存在或已下线',
  'notFound.hint': '你打开的链接可能已失效，或地址有误',
  'notFound.path': '地址：{path}',
  'linkMissing.title': '链接不存在',
  'linkMissing.hint': '这个链接无法打开，请返回后重试',
  back: '返回上一页',
  home: '返回首页',
}

const en: Record<keyof typeof zh, string> = {
  'notFound.title': 'Page not found',
  'notFound.text': 'This page does not exist or was taken down',
  'notFound.hint': 'The link may be out of date or mistyped',
  'notFound.path': 'Address: {path}',
  'linkMissing.title': 'The link does not exist',
  'linkMissing.hint': 'This link cannot be opened; go back and try again',
  back: 'Go back',
  home: 'Back to home',
}

export const tx = i18n.scope('webviewPage', zh, en)
