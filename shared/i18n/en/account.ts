import type zh from '../zh-CN/account'

export default {
  'wd.title': 'Me',
  'wd.guest': 'Not logged in',
  'wd.loginBtn': 'Log in / Register',
  'wd.loginTip': 'Log in to see your study records, orders and certificates',
  'wd.noPhone': 'No phone bound',
  'wd.section.settings': 'Settings',
  'wd.menu.orders': 'My orders',
  'wd.menu.bank': 'My question banks',
  'wd.menu.courses': 'My courses',
  'wd.menu.cart': 'Cart',
  'wd.menu.exam': 'My exams',
  'wd.menu.appoint': 'Appointments',
  'wd.menu.mock': 'Mock exams',
  'wd.menu.basic': 'Basic info',
  'wd.menu.pwd': 'Change password',
  'wd.language': 'Language',
  'wd.language.zh': '简体中文',
  'wd.language.en': 'English',
  'wd.logout': 'Log out',
  'wd.logout.confirm': 'Log out of this account?',
} satisfies Record<keyof typeof zh, string>
