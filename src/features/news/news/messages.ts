import { i18n } from '@/i18n'

const zh = {
  title: '资讯',
  all: '全部',
  empty: '暂无资讯',
  emptyCategory: '该分类下暂无资讯',
  emptyHint: '学校发布的考试动态、政策解读会出现在这里',
  showAll: '查看全部资讯',
  loadFailed: '加载失败',
  retry: '重试',
  loading: '加载中…',
  loadMore: '上拉加载更多',
  noMore: '没有更多了',
  moreFailed: '加载失败，点击重试',
  views: '{count} 次浏览',
}

const en: Record<keyof typeof zh, string> = {
  title: 'News',
  all: 'All',
  empty: 'No news yet',
  emptyCategory: 'No news in this category yet',
  emptyHint: 'Exam updates and policy notes from the school show up here',
  showAll: 'See all news',
  loadFailed: 'Could not load',
  retry: 'Retry',
  loading: 'Loading…',
  loadMore: 'Pull up for more',
  noMore: 'No more',
  moreFailed: 'Could not load more: tap to retry',
  views: '{count} views',
}

export const tx = i18n.scope('newsPage', zh, en)
