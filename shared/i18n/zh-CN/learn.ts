/** Learning pages: learn tab, my online courses, goods courses and class, course menu and detail, player. */
export default {
  'learn.welcome.title': '登录后开始学习',
  'learn.welcome.text': '登录后可查看已购课程、继续上次的学习并记录学时',

  'learn.continue.title': '继续学习',
  'learn.continue.at': '学到 {at} / {total}',
  'learn.continue.go': '继续学习',

  'learn.today.title': '今日学习',
  'learn.today.sections': '学习小节',
  'learn.today.minutes': '学习分钟',
  'learn.today.hours': '我的学时',
  'learn.today.again': '再学',

  'learn.goods.title': '我的课程',
  'learn.goods.preference': '首选设置',
  'learn.goods.firstTag': '首选',
  'learn.goods.meta': '{courses} 门课程 · 已学完 {done}/{total} 节',
  'learn.goods.expire': '有效期至 {date}',
  'learn.goods.forever': '长期有效',
  'learn.goods.expired': '已过期',
  'learn.goods.empty': '还没有课程',
  'learn.goods.emptyHint': '去选课中心挑选适合你的课程吧',
  'learn.goods.toShop': '去选课',

  'learn.exam.title': '近期考试',
  'learn.exam.unsigned': '待签承诺书',

  // live classes (issue 13): the learning tab's way to them
  'learn.live.title': '直播课',
  'learn.live.hint': '直播课表、正在直播和回放',
  'learn.live.schedule': '直播课表',
} as const
