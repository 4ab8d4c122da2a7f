import { scoped } from '@/i18n/scoped'

const zh = {
  title: '在线客服',
  intro: '课程选购、学习和考试中遇到问题，都可以联系我们',
  hotline: '服务热线',
  call: '拨打电话',
  copy: '复制号码',
  wechat: '微信客服',
  wechatHint: '长按或截图识别二维码，添加客服微信',
  none: '学校暂未开通在线客服',
  noneHint: '可在首页查看学校的最新资讯',
  home: '返回首页',
}

const en: Record<keyof typeof zh, string> = {
  title: 'Customer service',
  intro: 'Questions about courses, studying or exams? Contact us',
  hotline: 'Service hotline',
  call: 'Call',
  copy: 'Copy number',
  wechat: 'WeChat service',
  wechatHint: 'Long-press or scan the QR code to add our WeChat',
  none: 'The school has no online service yet',
  noneHint: 'See the school news on the home page',
  home: 'Back to home',
}

export const tx = scoped(zh, en)
