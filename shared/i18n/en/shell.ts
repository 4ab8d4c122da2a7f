import type zh from '../zh-CN/shell'

const en: Record<keyof typeof zh, string> = {
  'tab.home': 'Home',
  'tab.course': 'Courses',
  'tab.learn': 'Study',
  'tab.questionBank': 'Practice',
  'tab.wd': 'Me',

  'nav.back': 'Back',
  'nav.home': 'Home',

  'shell.loadFailed': 'Failed to load, please try again later',
  'shell.loadMore': 'Pull up to load more',
  'shell.copied': 'Copied',

  'widget.hotline': 'Service hotline',
  'widget.serviceTime': 'Service hours: {time}',
  'widget.wechat': 'WeChat service',
  'widget.wechatNumber': 'WeChat ID: {number}',
  'widget.tapToCopy': 'Tap a number to copy it',
  'widget.cart': 'Cart',
  'widget.backTop': 'Back to top',
  'widget.consult': 'Help',
  'widget.close': 'Close',

  'home.title': 'Home',
  'home.news': 'News',
  'home.recommend': 'Recommended',
  'home.newsEmpty': 'No news yet',
  'home.views': '{count} views',

  'course.title': 'Courses',
  'learn.title': 'Study',
  'questionBank.title': 'Practice',

  'news.title': 'News',
  'news.notFound': 'This article does not exist or was taken down',
  'news.views': '{count} views',
}

export default en
