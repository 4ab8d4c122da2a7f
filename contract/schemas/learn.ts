/**
 * Learning area: the learner's courses with progress, play sessions and progress reports (hours are computed
 * by the server from reported intervals), video signing, classes (grades) and required-course checks, photo
 * checks, identity and face certification, handouts. Semantics: docs/DECISIONS.md "Learning".
 * Times are Unix seconds; positions and durations are seconds of video.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { CLIENT_ABNORMAL_KINDS, PHOTO_SCENES } from './learn-codes'
import { decision, rowId } from './review'
import type { RouteSchema } from './types'
import { uploadRef } from './upload'

export * from './learn-codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const num = z.number()
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })
/** a position in a video, seconds (fractions allowed) */
const position = z.number().min(0).max(86_400)
/** an upload of the learner's: the URL the upload answered, or its key (upload.ts uploadRef) */
const imageUrl = uploadRef('imageUrl')

// ---- progress shapes ----
export const sectionProgress = z.object({
  sectionId: int,
  sectionName: z.string(),
  chapterId: int,
  courseId: int,
  durationSeconds: int,
  sort: int,
  /** SECTION_STATUS */
  status: int,
  /** where the learner stopped */
  position: num,
  /** furthest point watched (anti-skip bound) */
  furthest: num,
  /** distinct real-time seconds credited, <= durationSeconds */
  creditedSeconds: int,
  /** 0..100, one decimal */
  percent: num,
})
export const chapterProgress = z.object({
  chapterId: int,
  chapterName: z.string(),
  courseId: int,
  sort: int,
  sectionNum: int,
  finishedSectionNum: int,
})
export const menuChapterProgress = chapterProgress.extend({ sectionList: z.array(sectionProgress) })

export const myCourse = z.object({
  courseId: int,
  courseName: z.string(),
  cover: z.string(),
  teacherName: z.string(),
  /** must be finished before the exam (checkFinishRequiredCourse) */
  required: z.boolean(),
  sectionNum: int,
  finishedSectionNum: int,
  totalSeconds: int,
  creditedSeconds: int,
  percent: num,
})

export const myCourseGoods = z.object({
  goodsId: int,
  goodsName: z.string(),
  cover: z.string(),
  /** goods type: 1 course, 4 package (its course goods are listed on their own rows too) */
  goodsType: int,
  courseNum: int,
  sectionNum: int,
  finishedSectionNum: int,
  totalSeconds: int,
  creditedSeconds: int,
  percent: num,
  /** last progress report; null = not started */
  lastStudyTime: int.nullable(),
  /** entitlement expiry; null = no expiry */
  expireTime: int.nullable(),
  /** the learner's first choice (POST /order/firstChoiceGoods); the list puts it first */
  firstChoice: z.boolean(),
})

export const lastStudy = z.object({
  goodsId: int,
  goodsName: z.string(),
  courseId: int,
  courseName: z.string(),
  chapterId: int,
  sectionId: int,
  sectionName: z.string(),
  durationSeconds: int,
  position: num,
  furthest: num,
  status: int,
  studyTime: int,
})

export const photoDue = z.object({
  /** PHOTO_SCENES */
  scene: z.enum(PHOTO_SCENES),
  /** take the photo when playback reaches this position (0 for the start photo) */
  position: num,
})

/** Goods study settings the player obeys (the server enforces them too). */
export const studySettings = z.object({
  /** seeking beyond the furthest watched point is refused until the section is finished */
  antiSkip: z.boolean(),
  /** a photo before the first play of each section */
  photoAtStart: z.boolean(),
  /** photos at this many random points of each section */
  photoRandomCount: int,
})

export const checkVideo = studySettings.extend({
  /** an audition section played without a grant: it plays for anyone logged in and credits nothing */
  trial: z.boolean(),
  goodsId: int,
  sectionId: int,
  courseId: int,
  chapterId: int,
  sectionName: z.string(),
  durationSeconds: int,
  status: int,
  position: num,
  furthest: num,
  creditedSeconds: int,
  /** next section in menu order (playNextId); null at the end of the goods */
  nextSectionId: int.nullable(),
  /** photos still due in this section, in playback order */
  photos: z.array(photoDue),
})

export const playSession = checkVideo.extend({
  /** send with every report of this playback */
  sessionId: z.string(),
  /** server clock when the session opened */
  serverTime: int,
})

export const reportResult = z.object({
  /** false: the interval was recorded as abnormal and not credited */
  accepted: z.boolean(),
  /** ABNORMAL_KINDS when not accepted */
  abnormal: z.string().nullable(),
  status: int,
  position: num,
  furthest: num,
  creditedSeconds: int,
  percent: num,
  /** the next photo due, if any is due now or later in this section */
  photos: z.array(photoDue),
})

export const videoSign = z.object({
  /** 'local': play `url` directly; 'polyv': hand vid, ts and sign to the provider's player */
  provider: z.enum(['local', 'polyv']),
  vid: z.string(),
  /** local: a signed URL valid until expireTime; polyv: empty */
  url: z.string(),
  ts: int,
  /** polyv playsafe sign (empty for local) */
  sign: z.string(),
  expireTime: int,
})

// ---- classes (grades) ----
export const gradeRow = z.object({
  gradeId: int,
  gradeName: z.string(),
  goodsId: int,
  goodsName: z.string(),
  /** null = open-ended */
  startTime: int.nullable(),
  endTime: int.nullable(),
  capacity: int,
  memberNum: int,
  teacherName: z.string(),
  /** the learner is a member */
  mine: z.boolean(),
})
export const studyCheck = z.object({
  allowed: z.boolean(),
  /** why not (empty when allowed): 'not-entitled' | 'expired' | 'class-not-started' | 'class-ended' | 'identity-required' */
  reason: z.string(),
  msg: z.string(),
})
export const requiredCheck = z.object({
  finished: z.boolean(),
  missing: z.array(
    z.object({ courseId: int, courseName: z.string(), sectionNum: int, finishedSectionNum: int, percent: num }),
  ),
})

// ---- hours ----
export const goodsHours = z.object({
  goodsId: int,
  goodsName: z.string(),
  totalSeconds: int,
  creditedSeconds: int,
  todaySeconds: int,
  sectionNum: int,
  finishedSectionNum: int,
  /** abnormal reports of this goods (not credited) */
  abnormalNum: int,
})
export const abnormalRow = z.object({
  id: int,
  goodsId: int,
  sectionId: int,
  sectionName: z.string(),
  kind: z.string(),
  startPosition: num,
  endPosition: num,
  createTime: int,
})

// ---- photos, identity ----
export const photoLog = z.object({
  photoId: int,
  /** REVIEW_STATUS: the local provider leaves every photo pending for a person to review */
  reviewStatus: int,
  createTime: int,
})
export const certification = z.object({
  /** REVIEW_STATUS of the whole certification */
  status: int,
  realName: z.string(),
  /** masked: first 4 and last 4 characters */
  idCard: z.string(),
  idCardImage: z.string(),
  faceImage: z.string(),
  /** provider that handled it: 'local' (manual review) or a cloud provider name */
  provider: z.string(),
  /** what the learner is told: e.g. 'waiting for manual review' */
  msg: z.string(),
  updateTime: int.nullable(),
})
const faceResult = z.object({
  status: int,
  provider: z.string(),
  /** computed similarity 0..100; null when no provider computed one (local: manual review) */
  similarity: num.nullable(),
  msg: z.string(),
})

// ---- handouts ----
export const handout = z.object({
  handoutId: int,
  goodsId: int,
  courseId: int.nullable(),
  name: z.string(),
  /** 'pdf' | 'doc' | 'ppt' | 'xls' */
  fileType: z.string(),
  size: int,
  /** open without owning the goods */
  free: z.boolean(),
  sort: int,
})
export const handoutFile = handout.extend({
  /** a signed URL valid for a while */
  url: z.string(),
  expireTime: int,
})

export const pcToken = z.object({
  /** 'polyv': hand `token` to the PC player as playsafe; 'local': play `url` */
  provider: z.enum(['local', 'polyv']),
  vid: z.string(),
  token: z.string(),
  url: z.string(),
  expireTime: int,
})

export const playerAuth = z.object({
  vid: z.string(),
  /** the player's `code`: polyv sends it to our authorization callback, which answers whether this viewer may watch */
  code: z.string(),
  expireTime: int,
})

const goodsQuery = z.object({ goodsId: id })
const goodsSection = z.object({ goodsId: id, sectionId: id })

export const learnSchemas = {
  // ---- my courses ----
  'GET /course/goodsList': { query: z.object(pageQuery), data: page(myCourseGoods) },
  'GET /course/courseList': { query: goodsQuery, data: z.array(myCourse) },
  'GET /course/menuList': { query: z.object({ goodsId: id, courseId: id }), data: z.array(menuChapterProgress) },
  'GET /course/chapterList': { query: z.object({ goodsId: id, courseId: id }), data: z.array(chapterProgress) },
  'GET /course/sectionList': { query: z.object({ goodsId: id, chapterId: id }), data: z.array(sectionProgress) },
  'GET /course/:id': {
    params: z.object({ id }),
    query: goodsQuery,
    data: myCourse.extend({ intro: z.string(), goodsId: int, goodsName: z.string(), settings: studySettings }),
  },
  'GET /goods/todayStudySectionNum': {
    data: z.object({ sectionNum: int, seconds: int, sections: z.array(lastStudy) }),
  },

  // ---- play sessions and progress ----
  'GET /study/record/check/video': { query: goodsSection, data: checkVideo },
  'GET /study/record/last': {
    query: z.object({ goodsId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()) }),
    data: lastStudy.nullable(),
  },
  'POST /study/record/save/video': { body: goodsSection, data: playSession },
  'POST /study/record': {
    body: z
      .object({
        sessionId: z.string().trim().min(8).max(64),
        startPosition: position,
        endPosition: position,
        event: z.enum(['tick', 'pause', 'hide', 'end', 'seek']),
      })
      .refine((b) => b.endPosition >= b.startPosition, 'endPosition must not be before startPosition'),
    data: reportResult,
  },
  'POST /study/record/abnormal': {
    body: z.object({
      sessionId: z.string().trim().min(8).max(64),
      kind: z.enum(CLIENT_ABNORMAL_KINDS),
      position,
      target: position,
      detail: z.string().trim().max(200).default(''),
    }),
    data: z.null(),
  },
  /** watch again from the start: position back to 0 (furthest and credited time stay) */
  'POST /study/record/reset/section': { body: goodsSection, data: z.null() },
  /** id = sectionId */
  'GET /vod/video/sign/:id': { params: z.object({ id }), query: goodsQuery, data: videoSign },

  // ---- hours ----
  'GET /course/period/listGoods': { data: z.array(goodsHours) },
  'GET /course/period/cheat': {
    query: z.object({ goodsId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()), ...pageQuery }),
    data: page(abnormalRow),
  },

  // ---- classes ----
  'GET /grade/grade/list': { data: z.array(gradeRow) },
  'GET /grade/grade/:id': { params: z.object({ id }), data: gradeRow },
  'GET /grade/list': { query: goodsQuery, data: z.array(gradeRow) },
  'POST /grade/grade/changeGrade': { body: z.object({ goodsId: id, gradeId: id }), data: gradeRow },
  'GET /grade/grade/checkTenClassGradeUser': {
    query: goodsQuery,
    data: z.object({ inGrade: z.boolean(), grade: gradeRow.nullable() }),
  },
  'GET /grade/grade/checkGoodsStudy': { query: goodsQuery, data: studyCheck },
  'GET /grade/grade/checkFinishRequiredCourse': { query: goodsQuery, data: requiredCheck },

  // ---- photos ----
  'POST /course/photo/log': {
    body: z.object({
      sessionId: z.string().trim().min(8).max(64),
      imageUrl,
      position,
      scene: z.enum(PHOTO_SCENES),
    }),
    data: photoLog,
  },
  'GET /course/photo/log/getLastInfo': {
    query: goodsSection,
    data: z.object({ lastPhotoTime: int.nullable(), photos: z.array(photoDue), photoNum: int }),
  },
  'POST /bank/record/addPhoto': { body: z.object({ recordId: id, imageUrl }), data: photoLog },

  // ---- identity and face ----
  'POST /face/certification/IDCardOCR': {
    body: z.object({ imageUrl, side: z.enum(['front', 'back']).default('front') }),
    data: z.object({
      status: int,
      provider: z.string(),
      /** read from the card; empty when no provider read it (the learner types them) */
      realName: z.string(),
      idCard: z.string(),
      msg: z.string(),
    }),
  },
  'POST /face/certification/ImageRecognition': { body: z.object({ imageUrl }), data: faceResult },
  /** submit the identity certification: typed name and ID number, ID-card photo and face photo */
  'POST /face/certification/idCardCompareFace': {
    body: z.object({
      realName: z
        .string()
        .trim()
        .min(2, 'realName must be 2-30 characters')
        .max(30, 'realName must be 2-30 characters'),
      idCard: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^\d{17}[\dX]$/, 'idCard must be an 18-character resident ID number'),
      idCardImageUrl: imageUrl,
      faceImageUrl: imageUrl,
    }),
    data: certification,
  },
  /** a face photo against the certified face (photo checks, exams) */
  'POST /face/certification/CompareFace': { body: z.object({ imageUrl }), data: faceResult },

  // ---- handouts ----
  'GET /course/handouts/listByGoods': { query: goodsQuery, data: z.array(handout) },
  'GET /course/goodsHandoutsList': {
    query: z.object(pageQuery),
    data: page(z.object({ goodsId: int, goodsName: z.string(), handouts: z.array(handout) })),
  },
  'GET /course/handouts/file/detail': { query: z.object({ handoutId: id }), data: handoutFile },
  /** free handouts only (anyone) */
  'GET /app/common/course/handouts/file/detail': { query: z.object({ handoutId: id }), data: handoutFile },
  'GET /base/handout/tip/list': { data: z.array(z.object({ goodsId: int, tipTime: int })) },
  /** the learner saw the handout tip of a goods (it is not shown again) */
  'POST /base/handout/tip': { body: goodsQuery, data: z.null() },
  // ---- the polyv player's calls (issue 17; server/src/modules/learn/polyv.ts): mobile sign, PC playsafe token,
  // authorization code ----
  'GET /polyv/video/sign/:id': { params: z.object({ id }), query: goodsQuery, data: videoSign },
  'GET /polyv/video/pc/:id': { params: z.object({ id }), query: goodsQuery, data: pcToken },
  'GET /polyv/video/auth': { query: goodsQuery.extend({ sectionId: id }), data: playerAuth },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/**
 * The staff desk's manual review (../staff.ts; server/src/modules/learn/staff.ts): the local face provider leaves
 * every identity certification and study photo to a person.
 */
export const learnStaffSchemas = {
  /** identity certifications waiting for review, oldest first */
  'GET /staff/certifications': {
    data: z.array(
      z.object({
        userId: int,
        userAccount: z.string(),
        realName: z.string(),
        idCard: z.string(),
        idCardImage: z.string(),
        faceImage: z.string(),
        /** ISO time */
        submittedAt: z.string(),
      }),
    ),
  },
  /** approval fills the account's name and ID number (one ID number, one account per school: 409 otherwise) */
  'POST /staff/certifications/:userId': {
    params: z.object({ userId: rowId }),
    body: decision,
    data: z.object({ userId: int, status: int }),
  },
  /** study / exam photos waiting for review (oldest 100), with the learner's certified face photo to compare with */
  'GET /staff/photos': {
    data: z.array(
      z.object({
        photoId: int,
        userAccount: z.string(),
        scene: z.string(),
        goodsId: int.nullable(),
        goodsName: z.string().nullable(),
        sectionId: int.nullable(),
        sectionName: z.string().nullable(),
        recordId: int.nullable(),
        imageUrl: z.string(),
        /** ISO time */
        createdAt: z.string(),
        /** the face of the learner's identity certification (null: none) */
        certFaceImage: z.string().nullable(),
        certStatus: int.nullable(),
      }),
    ),
  },
  'POST /staff/photos/:photoId': {
    params: z.object({ photoId: rowId }),
    body: decision,
    data: z.object({ photoId: int, reviewStatus: int }),
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
