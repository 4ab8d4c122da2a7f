/**
 * Course extras (spec §7 "Courses and study"; docs/DECISIONS.md "Course extras"): hours rebuilt from intervals,
 * the player's skip rule, majors, old editions, section tests, the assessment checklist, a goods' teachers and
 * the learning prompts. Every read of a learner's progress goes through the learn module's access rules
 * (404 unknown / another tenant's goods, 612 without a grant).
 */
import { SECTION_STATUS, SEEK_SLACK_SECONDS } from '../../../../contract/schemas/learn-codes'
import { type Handlers, requireUser } from '../../http/core'
import { goodsById, grantedTreeWithProgress, notFound, requireGrant, settingsOf } from '../learn/core'
import { checkVideoData, playTarget } from '../learn/play'
import { goodsTeachers, majors, oldGoods, redirectOf } from './catalogue'
import { examineList, sectionsAsked, sectionTests } from './examine'
import { rebuild, rebuildStatus } from './hours'
import { prompts } from './prompt'

export const handlers: Handlers = {
  'GET /course/goodsRebuildStatus': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await grantedTreeWithProgress(ctx, userId, query.goodsId)
    return rebuildStatus(ctx, userId, tree, map)
  },

  'POST /course/period/rebuild': async (ctx, { body }) => {
    const { userId } = requireUser(ctx)
    const { tree } = await grantedTreeWithProgress(ctx, userId, body.goodsId)
    return rebuild(ctx, userId, tree)
  },

  'GET /course/skipPort': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    if (query.sectionId === undefined) {
      // the goods' own rule, before any section is chosen: for a learner holding it
      const g = await goodsById(ctx, query.goodsId)
      await requireGrant(ctx, userId, g.id)
      const s = settingsOf(g)
      return {
        goodsId: g.id,
        sectionId: null,
        ...s,
        trial: false,
        finished: false,
        seekable: !s.antiSkip,
        skipPoint: 0,
        slackSeconds: SEEK_SLACK_SECONDS,
        durationSeconds: 0,
        photos: [],
      }
    }
    // the same read as the player's checkVideo (learn/play.ts), reduced to the skip rule
    const t = await playTarget(ctx, userId, query.goodsId, query.sectionId)
    const v = await checkVideoData(ctx, userId, query.goodsId, t)
    const finished = v.status === SECTION_STATUS.finished
    return {
      goodsId: v.goodsId,
      sectionId: v.sectionId,
      antiSkip: v.antiSkip,
      trial: v.trial,
      finished,
      seekable: !v.antiSkip || finished || v.trial,
      skipPoint: v.furthest,
      slackSeconds: SEEK_SLACK_SECONDS,
      durationSeconds: v.durationSeconds,
      photoAtStart: v.photoAtStart,
      photoRandomCount: v.photoRandomCount,
      photos: v.photos,
    }
  },

  'GET /course/major/list': async (ctx, { query }) => majors(ctx, requireUser(ctx).userId, query.educationTypeId),

  'GET /course/old/goods/list': async (ctx) => oldGoods(ctx, requireUser(ctx).userId),

  'GET /course/old/goods/redirect': async (ctx, { query }) => redirectOf(ctx, requireUser(ctx).userId, query.goodsId),

  'GET /course/sectionExamList': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await grantedTreeWithProgress(ctx, userId, query.goodsId)
    if (query.courseId !== undefined && !tree.courses.some((c) => c.courseId === query.courseId))
      throw notFound('course')
    if (query.sectionId !== undefined && !tree.sections.some((s) => s.sectionId === query.sectionId))
      throw notFound('section')
    return sectionTests(ctx, userId, tree, map, sectionsAsked(tree, query.courseId, query.sectionId))
  },

  'GET /course/examine/list': async (ctx, { query }) => {
    const { userId } = requireUser(ctx)
    const { tree, map } = await grantedTreeWithProgress(ctx, userId, query.goodsId)
    return examineList(ctx, userId, tree, map)
  },

  'GET /goods/course/teacher/list': async (ctx, { query }) => {
    requireUser(ctx)
    return goodsTeachers(ctx, query.goodsId)
  },

  'GET /app/common/prompt': async (ctx, { query }) => prompts(ctx, query.key, query.goodsId),
}
