import type zh from '../zh-CN/shop'

export default {
  'shop.title': 'Courses',
  'shop.search.placeholder': 'Search courses, question banks, live classes',
  'shop.search.submit': 'Search',
  'shop.filter.all': 'All',
  'shop.filter.education': 'Education type',
  'shop.filter.business': 'Level',
  'shop.filter.subject': 'Subject',
  'shop.filter.loadFailed': 'Filters failed to load, tap to retry',
  'shop.type.all': 'All',
  'shop.type.1': 'Courses',
  'shop.type.2': 'Question banks',
  'shop.type.3': 'Live',
  'shop.type.4': 'Packages',
  'shop.list.empty': 'Nothing matches',
  'shop.list.emptyHint': 'Try other filters or keywords',
  'shop.list.loadMoreFailed': 'Failed to load, tap to retry',
  'shop.free': 'Free',
  'shop.sales': '{count} bought',
  'shop.teachers': 'Teachers: {names}',
  'shop.landing.activityPrice': 'Offer price',
} satisfies Record<keyof typeof zh, string>
