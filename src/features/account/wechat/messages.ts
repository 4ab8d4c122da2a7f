/** Messages of the WeChat login (the page's own part of the one catalogue: i18n.scope, shared/i18n/core.ts). */
import { i18n } from '@/i18n'

const zh = {
  divider: '其他登录方式',
  mini: '微信一键登录',
  gzh: '微信登录',
  failed: '微信登录失败，请重试',
  refused: '微信登录未完成，请重新点击微信登录',
  'bind.title': '绑定手机号',
  'bind.hint': '首次使用微信登录，请验证手机号：已注册的手机号绑定到原账号，新手机号将自动注册。',
  'bind.expiry': '请在 10 分钟内完成，超时请重新点击微信登录',
  'bind.submit': '绑定并登录',
  'bind.submitting': '绑定中…',
  'bind.cancel': '暂不绑定',
}

const en: Record<keyof typeof zh, string> = {
  divider: 'Other ways to log in',
  mini: 'Log in with WeChat',
  gzh: 'Log in with WeChat',
  failed: 'WeChat login failed: try again',
  refused: 'The WeChat login was not completed: tap WeChat login again',
  'bind.title': 'Link your phone',
  'bind.hint':
    'The first time you log in with WeChat, confirm your phone: a registered number is linked to its account, a new one gets an account.',
  'bind.expiry': 'Finish within 10 minutes, or tap WeChat login again',
  'bind.submit': 'Link and log in',
  'bind.submitting': 'Linking…',
  'bind.cancel': 'Not now',
}

export const tw = i18n.scope('wechatLogin', zh, en)
