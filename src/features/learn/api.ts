/**
 * Learning-area calls: my courses with progress, play sessions and progress reports, video signing, classes
 * and required-course checks, hours, photo checks, identity and face certification, handouts.
 * Semantics: docs/DECISIONS.md "Learning".
 *
 * Playback lifecycle (what the player page follows):
 * 1. `checkVideo(goodsId, sectionId)` (or straight to 2) tells the settings (antiSkip, photos), where the
 *    learner stopped (`position`), the anti-skip bound (`furthest`) and the next section (playNextId).
 * 2. `openPlay(goodsId, sectionId)` opens a play session (`sessionId`); `videoSign(sectionId, goodsId)` gives
 *    the URL (local provider) or the provider's vid + sign.
 * 3. `report({ sessionId, startPosition, endPosition, event })` every REPORT_EVERY_SECONDS while playing and on
 *    pause / hide / end / seek (quiet). The server credits only real-time, in-bounds intervals; the answer
 *    carries the new furthest point, credited seconds, status and the photos still due. Code
 *    LEARN_CODE.sessionGone (623): open a new session and go on. LEARN_CODE.photoRequired (621): take the due
 *    photo (`photoLog`) before playing on.
 */
import type { RouteData, RouteInput } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export {
  ABNORMAL_KINDS,
  FINISH_RATIO,
  LEARN_CODE,
  REPORT_EVERY_SECONDS,
  REVIEW_STATUS,
  SECTION_STATUS,
  SEEK_SLACK_SECONDS,
} from '../../../contract/schemas/learn-codes'
// The calls the tab pages make live in ./tabs (the weapp main package); re-exported for the other pages.
export {
  freeHandoutFile,
  goodsHandouts,
  handoutFile,
  handoutTips,
  lastStudy,
  markHandoutTip,
  myCourseGoods,
  todayStudy,
} from '../../services/api/tabs'

type Body<K extends Parameters<typeof call>[0]> = RouteInput<K> extends { body: infer B } ? B : never

export type MyCourseGoods = RouteData<'GET /course/goodsList'>['rows'][number]
export type MyCourse = RouteData<'GET /course/courseList'>[number]
export type CourseDetail = RouteData<'GET /course/:id'>
export type MenuChapter = RouteData<'GET /course/menuList'>[number]
export type ChapterProgress = RouteData<'GET /course/chapterList'>[number]
export type SectionProgress = RouteData<'GET /course/sectionList'>[number]
export type LastStudy = NonNullable<RouteData<'GET /study/record/last'>>
export type TodayStudy = RouteData<'GET /goods/todayStudySectionNum'>
export type CheckVideo = RouteData<'GET /study/record/check/video'>
export type PlaySession = RouteData<'POST /study/record/save/video'>
export type ReportIn = Body<'POST /study/record'>
export type ReportResult = RouteData<'POST /study/record'>
export type PhotoDue = ReportResult['photos'][number]
export type VideoSign = RouteData<'GET /vod/video/sign/:id'>
export type GoodsHours = RouteData<'GET /course/period/listGoods'>[number]
export type AbnormalRow = RouteData<'GET /course/period/cheat'>['rows'][number]
export type Grade = RouteData<'GET /grade/grade/list'>[number]
export type StudyCheck = RouteData<'GET /grade/grade/checkGoodsStudy'>
export type RequiredCheck = RouteData<'GET /grade/grade/checkFinishRequiredCourse'>
export type PhotoLog = RouteData<'POST /course/photo/log'>
export type PhotoInfo = RouteData<'GET /course/photo/log/getLastInfo'>
export type Certification = RouteData<'POST /face/certification/idCardCompareFace'>
export type CertificationIn = Body<'POST /face/certification/idCardCompareFace'>
export type OcrResult = RouteData<'POST /face/certification/IDCardOCR'>
export type FaceResult = RouteData<'POST /face/certification/CompareFace'>
export type Handout = RouteData<'GET /course/handouts/listByGoods'>[number]
export type HandoutFile = RouteData<'GET /course/handouts/file/detail'>
export type GoodsHandouts = RouteData<'GET /course/goodsHandoutsList'>['rows'][number]

// ---- my courses ----

export function myCourses(goodsId: number, opts?: CallOptions) {
  return call('GET /course/courseList', { query: { goodsId } }, opts)
}

export function courseDetail(courseId: number, goodsId: number, opts?: CallOptions) {
  return call('GET /course/:id', { params: { id: courseId }, query: { goodsId } }, opts)
}

/** Chapters with their sections and per-section progress. */
export function courseMenu(goodsId: number, courseId: number, opts?: CallOptions) {
  return call('GET /course/menuList', { query: { goodsId, courseId } }, opts)
}

export function courseChapters(goodsId: number, courseId: number, opts?: CallOptions) {
  return call('GET /course/chapterList', { query: { goodsId, courseId } }, opts)
}

export function chapterSections(goodsId: number, chapterId: number, opts?: CallOptions) {
  return call('GET /course/sectionList', { query: { goodsId, chapterId } }, opts)
}

// ---- playback ----

export function checkVideo(goodsId: number, sectionId: number, opts?: CallOptions) {
  return call('GET /study/record/check/video', { query: { goodsId, sectionId } }, opts)
}

export function openPlay(goodsId: number, sectionId: number, opts?: CallOptions) {
  return call('POST /study/record/save/video', { body: { goodsId, sectionId } }, opts)
}

/** Progress report (quiet: no loading mask). */
export function report(body: ReportIn, opts?: CallOptions) {
  return call('POST /study/record', { body }, { noLoading: true, ...opts })
}

/** The app refused something (e.g. a seek beyond the furthest point): recorded, never credited. */
export function reportAbnormal(body: Body<'POST /study/record/abnormal'>, opts?: CallOptions) {
  return call('POST /study/record/abnormal', { body }, { noLoading: true, ...opts })
}

/** Watch a section again from the start. */
export function resetSection(goodsId: number, sectionId: number, opts?: CallOptions) {
  return call('POST /study/record/reset/section', { body: { goodsId, sectionId } }, opts)
}

export function videoSign(sectionId: number, goodsId: number, opts?: CallOptions) {
  return call('GET /vod/video/sign/:id', { params: { id: sectionId }, query: { goodsId } }, opts)
}

// ---- hours ----

export function hoursByGoods(opts?: CallOptions) {
  return call('GET /course/period/listGoods', undefined, opts)
}

export function abnormalRecords(query: { goodsId?: number; pageNum?: number; pageSize?: number }, opts?: CallOptions) {
  return call('GET /course/period/cheat', { query }, opts)
}

// ---- classes and checks ----

export function myGrades(opts?: CallOptions) {
  return call('GET /grade/grade/list', undefined, opts)
}

export function gradeDetail(gradeId: number, opts?: CallOptions) {
  return call('GET /grade/grade/:id', { params: { id: gradeId } }, opts)
}

export function goodsGrades(goodsId: number, opts?: CallOptions) {
  return call('GET /grade/list', { query: { goodsId } }, opts)
}

export function changeGrade(goodsId: number, gradeId: number, opts?: CallOptions) {
  return call('POST /grade/grade/changeGrade', { body: { goodsId, gradeId } }, opts)
}

export function checkInGrade(goodsId: number, opts?: CallOptions) {
  return call('GET /grade/grade/checkTenClassGradeUser', { query: { goodsId } }, opts)
}

export function checkGoodsStudy(goodsId: number, opts?: CallOptions) {
  return call('GET /grade/grade/checkGoodsStudy', { query: { goodsId } }, opts)
}

export function checkRequiredCourses(goodsId: number, opts?: CallOptions) {
  return call('GET /grade/grade/checkFinishRequiredCourse', { query: { goodsId } }, opts)
}

// ---- photos ----

export function photoInfo(goodsId: number, sectionId: number, opts?: CallOptions) {
  return call('GET /course/photo/log/getLastInfo', { query: { goodsId, sectionId } }, opts)
}

export function photoLog(body: Body<'POST /course/photo/log'>, opts?: CallOptions) {
  return call('POST /course/photo/log', { body }, opts)
}

export function recordPhoto(recordId: number, imageUrl: string, opts?: CallOptions) {
  return call('POST /bank/record/addPhoto', { body: { recordId, imageUrl } }, opts)
}

// ---- identity and face ----

export function idCardOcr(imageUrl: string, side: 'front' | 'back' = 'front', opts?: CallOptions) {
  return call('POST /face/certification/IDCardOCR', { body: { imageUrl, side } }, opts)
}

export function faceRecognition(imageUrl: string, opts?: CallOptions) {
  return call('POST /face/certification/ImageRecognition', { body: { imageUrl } }, opts)
}

export function submitCertification(body: CertificationIn, opts?: CallOptions) {
  return call('POST /face/certification/idCardCompareFace', { body }, opts)
}

export function compareFace(imageUrl: string, opts?: CallOptions) {
  return call('POST /face/certification/CompareFace', { body: { imageUrl } }, opts)
}

// ---- handouts ----

export function allHandouts(pageNum = 1, pageSize = 10, opts?: CallOptions) {
  return call('GET /course/goodsHandoutsList', { query: { pageNum, pageSize } }, opts)
}
