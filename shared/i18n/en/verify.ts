import type zh from '../zh-CN/verify'

export default {
  'verify.menu.class': 'My online courses',
  'verify.menu.stuff': 'Materials',
  'verify.menu.hours': 'Study hours',
  'verify.menu.cert': 'Identity certification',
  'verify.status.0': 'Not certified',
  'verify.status.1': 'Under review',
  'verify.status.2': 'Certified',
  'verify.status.3': 'Not approved',

  'myLearn.credited': 'Credited',

  'stuff.empty': 'No materials yet',
  'stuff.free': 'Free',
  'stuff.count': '{n} files',
  'stuff.opening': 'Opening…',
  'stuff.openFailed': 'The file could not be opened, please try again later',
  'stuff.tip.title': 'About materials',
  'stuff.tip.content':
    'Files open in {where}. They are for your personal study only, please do not forward or share them.',
  'stuff.where.weapp': "WeChat's file preview",
  'stuff.where.h5': 'a new browser window',

  'information.title': 'Course materials',
  'information.login': 'Log in to see and open the materials of this course',
  'information.locked': 'Buy the course to open every file; files marked Free open right away',
  'information.lockedAll': 'Buy the course to see its materials',
  'information.locked.row': 'After purchase',
  'information.toGoods': 'View course',
  'information.home': 'Back to home',
} satisfies Record<keyof typeof zh, string>
