/** Strings of the app shell: tab bar, nav bar, floating widget, home, tab placeholders, news, web view. */
export default {
  'tab.home': '首页',
  'tab.course': '选课中心',
  'tab.learn': '学习',
  'tab.questionBank': '题库',
  'tab.wd': '我的',

  'nav.back': '返回',
  'nav.home': '首页',

  'shell.loadFailed': '加载失败，请稍后重试',
  'shell.loadMore': '上拉加载更多',
  'shell.copied': '已复制',

  'widget.hotline': '服务热线',
  'widget.serviceTime': '服务时间：{time}',
  'widget.wechat': '微信客服',
  'widget.wechatNumber': '微信号：{number}',
  'widget.tapToCopy': '点击号码即可复制',
  'widget.cart': '购物车',
  'widget.backTop': '回到顶部',
  'widget.consult': '咨询',
  'widget.close': '收起',

  'home.title': '首页',
  'home.news': '资讯',
  'home.recommend': '精品推荐',
  'home.newsEmpty': '暂无资讯',
  'home.views': '{count} 次浏览',

  'course.title': '选课中心',
  'learn.title': '学习',
  'questionBank.title': '题库',

  'news.title': '资讯详情',
  'news.notFound': '资讯不存在或已下架',
  'news.views': '浏览 {count}',
} as const
