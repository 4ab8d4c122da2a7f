/**
 * Messages of the course extras on the goods' learning page (the page's own part of the one catalogue: i18n.scope,
 * shared/i18n/core.ts).
 */
import { i18n } from '@/i18n'

const zh = {
  replaced: '课程已更新：{name}',
  replacedStudy: '去学习新版',
  replacedView: '查看新版',
  replacedOwned: '你已拥有新版课程',
  replacedStill: '本课程仍可继续学习至有效期结束',
  replacedExpired: '本课程已过期，可购买新版继续学习',
  examine: '考核要求',
  examineAllDone: '考核要求已全部完成',
  done: '已完成',
  todo: '未完成',
  'unit.course': '{current}/{target} 门',
  'unit.second': '{current} / {target}',
  'unit.test': '{current}/{target} 个',
  'unit.score': '最高 {current} 分 / 合格 {target} 分',
  tests: '随堂测试',
  testPassed: '已通过 · 最高 {score} 分',
  testFailed: '未通过 · 最高 {score} 分',
  testNew: '{n} 题 · {pass} 分合格',
  testAfter: '学完本节后测试',
  hoursStale: '学时记录与观看记录不一致',
  hoursStaleHint: '按观看记录重新计算后为 {credited}',
  hoursRebuild: '重新计算学时',
  hoursRebuilt: '学时已重新计算',
  promptShow: '查看',
  promptHide: '收起',
}

const en: typeof zh = {
  replaced: 'This course has a new edition: {name}',
  replacedStudy: 'Study the new edition',
  replacedView: 'See the new edition',
  replacedOwned: 'You already have the new edition',
  replacedStill: 'You can go on with this edition until it expires',
  replacedExpired: 'This edition has expired: buy the new one to go on',
  examine: 'Assessment',
  examineAllDone: 'Every assessment item is done',
  done: 'Done',
  todo: 'Not yet',
  'unit.course': '{current}/{target} courses',
  'unit.second': '{current} / {target}',
  'unit.test': '{current}/{target} tests',
  'unit.score': 'best {current} / pass {target}',
  tests: 'Section tests',
  testPassed: 'Passed · best {score}',
  testFailed: 'Not passed · best {score}',
  testNew: '{n} questions · pass at {pass}',
  testAfter: 'Take it after the lesson',
  hoursStale: 'Your study hours do not match what you watched',
  hoursStaleHint: 'Recounted from what you watched: {credited}',
  hoursRebuild: 'Recount my hours',
  hoursRebuilt: 'Study hours recounted',
  promptShow: 'Show',
  promptHide: 'Hide',
}

export const tx = i18n.scope('courseExtras', zh, en)
