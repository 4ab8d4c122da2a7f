/**
 * Messages of the learning-statistics page's charts (the page's own part of the one catalogue: i18n.scope,
 * shared/i18n/core.ts).
 */
import { i18n } from '@/i18n'

export const sx = i18n.scope(
  'bankStats',
  {
    'ring.caption': '总正确率',
    'trend.title': '近 30 天正确率',
    'trend.rate': '正确率',
    'trend.count': '答题数',
    'trend.empty': '近 30 天还没有答题',
    'trend.summary': '{days} 天做题 · 共 {answers} 题',
  },
  {
    'ring.caption': 'Right rate',
    'trend.title': 'Right rate, last 30 days',
    'trend.rate': 'Right rate',
    'trend.count': 'Answers',
    'trend.empty': 'Nothing answered in the last 30 days',
    'trend.summary': 'Practised {days} days · {answers} answers',
  },
)
