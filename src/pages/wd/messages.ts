/** Messages of the My-account tab that only it shows (page-scoped: src/i18n/scoped.ts). */
import { scoped } from '@/i18n/scoped'

export const wx = scoped(
  {
    'orders.all': '全部订单',
    'orders.invoice': '发票',
    'study.title': '我的学习',
    'study.certs': '我的证书',
    'study.points': '我的积分',
    'profile.title': '个人资料',
    'profile.hint': '姓名、学历、手机号',
    'about.title': '关于我们',
    'about.content': '{school}\n在线学习与考试服务',
    'about.record': '备案号：{record}',
    'login.avatar': '头像',
    'settings.title': '设置',
  },
  {
    'orders.all': 'All orders',
    'orders.invoice': 'Invoices',
    'study.title': 'My studies',
    'study.certs': 'Certificates',
    'study.points': 'Points',
    'profile.title': 'Profile',
    'profile.hint': 'Name, education, phone',
    'about.title': 'About',
    'about.content': '{school}\nOnline learning and exams',
    'about.record': 'Record: {record}',
    'login.avatar': 'Avatar',
    'settings.title': 'Settings',
  },
)
