import { i18n } from '@/i18n'

const zh = {
  title: '在线客服',
  intro: '课程选购、学习和考试中遇到问题，都可以联系我们',
  hotline: '服务热线',
  call: '拨打电话',
  copy: '复制号码',
  wechat: '微信客服',
  wechatHint: '长按或截图识别二维码，添加客服微信',
  none: '学校暂未开通在线客服',
  noneHint: '可查看下方学校发布的资讯',
  home: '返回首页',
  articles: '咨询资讯',
  articlesAll: '全部资讯',
  articlesLoading: '资讯加载中…',
  articlesFailed: '资讯加载失败，点击重试',
  articlesEmpty: '学校暂未发布资讯',
  school: '学校简介',
  address: '地址',
  email: '邮箱',
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
  noneHint: 'See the school news below',
  home: 'Back to home',
  articles: 'Articles',
  articlesAll: 'All news',
  articlesLoading: 'Loading articles…',
  articlesFailed: 'Could not load the articles: tap to retry',
  articlesEmpty: 'The school has not published any articles yet',
  school: 'About the school',
  address: 'Address',
  email: 'Email',
}

export const tx = i18n.scope('counselor', zh, en)
