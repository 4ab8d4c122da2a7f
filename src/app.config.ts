/** Route tree (spec §2): the five tab pages in the main package, everything else in subpackages. */
export default defineAppConfig({
  pages: ['pages/index/index', 'pages/course/index', 'pages/learn/index', 'pages/questionBank/index', 'pages/wd/index'],
  subPackages: [
    {
      root: 'pages2',
      pages: [
        'wd/info',
        'wd/pwd',
        'wd/menu',
        'wd/edu_info',
        'wd/course',
        'register/register',
        'register/forget',
        'order/confirm_list',
        'order/confirm_pay',
        'order/confirm_success',
        'order/index',
        'invoice/index',
      ],
    },
    { root: 'pages3', pages: ['news/detail', 'course/detail', 'course/jydetail'] },
    { root: 'pages4', pages: ['login/login', 'shopping/shoppingCart'] },
    {
      root: 'pages5',
      pages: [
        'webview/index',
        'webview/sdlink',
        'webview/detaillink',
        'scan/recommen',
        'scan/retailact',
        'scan/packPage',
      ],
    },
  ],
  window: {
    navigationStyle: 'custom',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    navigationBarTitleText: '',
    backgroundColor: '#f5f6f8',
    backgroundTextStyle: 'dark',
  },
  tabBar: {
    custom: true,
    color: '#8a8f99',
    selectedColor: '#1677ff',
    backgroundColor: '#ffffff',
    list: [
      { pagePath: 'pages/index/index', text: '首页' },
      { pagePath: 'pages/course/index', text: '选课中心' },
      { pagePath: 'pages/learn/index', text: '学习' },
      { pagePath: 'pages/questionBank/index', text: '题库' },
      { pagePath: 'pages/wd/index', text: '我的' },
    ],
  },
  lazyCodeLoading: 'requiredComponents',
})
