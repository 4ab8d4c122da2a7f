import type zh from '../zh-CN/learn'

export default {
  'learn.welcome.title': 'Log in to start learning',
  'learn.welcome.text': 'Log in to see your courses, continue where you left off and record study hours',

  'learn.continue.title': 'Continue where you left off',
  'learn.continue.at': 'At {at} / {total}',
  'learn.continue.go': 'Continue',

  'learn.today.title': "Today's study",
  'learn.today.sections': 'Sections',
  'learn.today.minutes': 'Minutes',
  'learn.today.hours': 'My study hours',
  'learn.today.again': 'Again',

  'learn.goods.title': 'My courses',
  'learn.goods.preference': 'First choice',
  'learn.goods.firstTag': 'First',
  'learn.goods.meta': '{courses} courses · {done}/{total} sections finished',
  'learn.goods.expire': 'Valid until {date}',
  'learn.goods.forever': 'No expiry',
  'learn.goods.expired': 'Expired',
  'learn.goods.empty': 'No courses yet',
  'learn.goods.emptyHint': 'Find a course that suits you in the purchase centre',
  'learn.goods.toShop': 'Browse courses',

  'learn.exam.title': 'Upcoming exam',
  'learn.exam.unsigned': 'Sign the letter',

  // live classes (issue 13): the learning tab's way to them
  'learn.live.title': 'Live classes',
  'learn.live.hint': 'Schedule, live now and replays',
  'learn.live.schedule': 'Live schedule',
} satisfies Record<keyof typeof zh, string>
