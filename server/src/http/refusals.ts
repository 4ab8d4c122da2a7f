/**
 * Refusals in the learner's language, by key (DECISIONS.md "Wire: refusal messages"; issue 26 step 5). The code
 * writes each refusal once, in its source wording (`new AppError(400, 'oldPassword: old password is wrong')`,
 * `'考试已结束'`); this table names the catalogue key of each source wording, and the texts are in the catalogue both
 * clients read (shared/i18n/{zh-CN,en}/refusals.ts). The envelope of a refusal carries the key (and the values of its
 * `{name}` placeholders, `vars`): the app and the console translate the key with their one t(). `msg` stays, put into
 * the language the request names in `Accept-Language` from the same texts (old clients, logs; the few explanations
 * that travel in `data` too). A request that names no language gets the source wording (tests, curl, logs).
 *
 * An entry is `[source, key]`; `{name}` in the source matches any text, which the texts reuse. A validation message
 * `<field>: <rule>` is also looked up by its rule alone. A message with no entry still never reaches a learner in the
 * wrong language: a field rule becomes "<field label>填写有误" (`refusal.invalid.<field>`), anything else the plain
 * sentence of its code (`refusal.code.<code>`). tests/server/refusals.test.ts walks the source for every refusal and
 * checks that each has an entry.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { fill } from '../../../shared/i18n/core'
import en from '../../../shared/i18n/en/refusals'
import zh from '../../../shared/i18n/zh-CN/refusals'

export type Lang = 'zh-CN' | 'en'
export type RefusalKey = keyof typeof zh
type Entry = readonly [source: string, key: RefusalKey]

/** `{what} not found`: the things a learner can ask for by id. */
const NOT_FOUND: readonly (readonly [what: string, key: RefusalKey])[] = [
  ['goods', 'refusal.notFound.goods'],
  ['package', 'refusal.notFound.package'],
  ['activity', 'refusal.notFound.activity'],
  ['business', 'refusal.notFound.business'],
  ['article', 'refusal.notFound.article'],
  ['order', 'refusal.notFound.order'],
  ['invoice', 'refusal.notFound.invoice'],
  ['cart row', 'refusal.shop.itemNoLongerCart'],
  ['course', 'refusal.notFound.course'],
  ['class', 'refusal.notFound.class'],
  ['handout', 'refusal.notFound.handout'],
  ['section', 'refusal.notFound.section'],
  ['video', 'refusal.notFound.video'],
  ['bank', 'refusal.notFound.bank'],
  ['chapter', 'refusal.notFound.chapter'],
  ['paper', 'refusal.notFound.paper'],
  ['record', 'refusal.notFound.record'],
  ['question', 'refusal.notFound.question'],
  ['exam', 'refusal.notFound.exam'],
  ['appointment', 'refusal.notFound.appointment'],
  ['application', 'refusal.notFound.application'],
  ['session', 'refusal.notFound.session'],
  ['note', 'refusal.notFound.note'],
  ['answer', 'refusal.notFound.answer'],
  ['message', 'refusal.notFound.message'],
  ['profile', 'refusal.notFound.profile'],
]

const UPLOAD_FAILED: RefusalKey = 'refusal.upload.failed'
const RELOAD: RefusalKey = 'refusal.request.reload'

const ENTRIES: readonly Entry[] = [
  // ---- session, account, codes ----
  ['login required', 'refusal.account.pleaseLogFirst'],
  ['token expired', 'refusal.account.sessionExpiredPleaseLog'],
  ['logged in from another device', 'refusal.account.accountSignedAnotherDevice'],
  ['sign is invalid or expired', 'refusal.account.signLinkInvalidExpired'],
  ['sign already used', 'refusal.account.signLinkUsedAlready'],
  ['account or password is wrong', 'refusal.account.wrongAccountPassword'],
  ['telPhone or password is wrong', 'refusal.account.wrongPhoneNumberPassword'],
  ['telPhone: this phone number is already registered', 'refusal.account.phoneNumberAlreadyRegistered'],
  ['telPhone: this phone number is not registered', 'refusal.account.phoneNumberNotRegistered'],
  ['oldPassword: old password is wrong', 'refusal.account.oldPasswordWrong'],
  ['code: captcha is wrong or expired', 'refusal.account.pictureCodeWrongExpired'],
  ['code: sms code is wrong or expired', 'refusal.account.smsCodeWrongExpired'],
  ['please wait {n} seconds before requesting another code', 'refusal.account.waitSecondsBeforeAsking'],
  ['too many codes for this phone today', 'refusal.account.phoneHadTooMany'],
  ['too many codes from this address, try again later', 'refusal.account.tooManyCodesWere'],
  ['密码错误次数过多，请{m}分钟后再试，或使用短信验证码登录', 'refusal.account.tooManyWrongPasswords'],
  ['密码错误次数过多，请{m}分钟后再试，或退出后通过短信验证码重设密码', 'refusal.account.tooManyWrongPasswordsTry'],
  // a wrong password says, once half the attempts are used, how many are left before the lock (services/login-guard.ts)
  [
    'account or password is wrong, {n} attempts left before a {m}-minute lock',
    'refusal.account.wrongAccountPasswordAttempt',
  ],
  ['account or password is wrong, locked for {m} minutes', 'refusal.account.wrongAccountPasswordPassword'],
  [
    'telPhone or password is wrong, {n} attempts left before a {m}-minute lock',
    'refusal.account.wrongPhoneNumberPasswordAttempt',
  ],
  ['telPhone or password is wrong, locked for {m} minutes', 'refusal.account.wrongPhoneNumberPasswordPassword'],
  ['old password is wrong, {n} attempts left before a {m}-minute lock', 'refusal.account.oldPasswordWrongAttempt'],
  ['old password is wrong, locked for {m} minutes', 'refusal.account.oldPasswordWrongLocked'],
  ['tenant-id header is required', 'refusal.account.schoolNotFoundCheck'],
  ['tenant-id header must be a number', 'refusal.account.schoolNotFoundCheck'],
  ['unknown tenant', 'refusal.account.schoolNotFoundCheck'],
  ['unknown host', 'refusal.account.schoolNotFoundCheck'],
  ['too many requests, retry in {n} s', 'refusal.account.tooManyRequestsTry'],
  ['too many requests', 'refusal.account.tooManyRequestsTryAgain'],
  ['free', 'refusal.account.free'],

  // ---- the contract's field rules (looked up with or without their `<field>: ` prefix) ----
  ['telPhone must be an 11-digit mobile number', 'refusal.input.enter11DigitMobile'],
  ['code must be 6 digits', 'refusal.input.enter6DigitSms'],
  ['password must be at least 8 characters', 'refusal.input.passwordNeedsLeast8'],
  ['password must be at most 64 characters', 'refusal.input.passwordCanMost64'],
  ['password must contain a letter', 'refusal.input.passwordNeedsLetter'],
  ['password must contain a digit', 'refusal.input.passwordNeedsDigit'],
  ['password is required', 'refusal.input.enterPassword'],
  ['account is required', 'refusal.input.enterAccount'],
  ['oldPassword is required', 'refusal.input.enterOldPassword'],
  ['code (captcha) is required', 'refusal.input.enterPictureCode'],
  ['uuid (captcha id) is required', 'refusal.input.reloadPictureCodeTry'],
  ['birthday must be YYYY-MM-DD', 'refusal.input.chooseValidBirthday'],
  ['graduationDate must be YYYY-MM or YYYY-MM-DD', 'refusal.input.chooseValidGraduationDate'],
  ['realName must be 2-30 characters', 'refusal.input.nameMust230'],
  ['idCard must be an 18-character ID number', 'refusal.input.enter18CharacterId'],
  ['idCard must be an 18-character resident ID number', 'refusal.input.enter18CharacterId'],
  ['signatureUrl is required', 'refusal.input.signFirst'],
  ['signatureUrl must be an uploaded file URL', 'refusal.input.signatureDidNotUpload'],
  ['sessionId is required to reschedule', 'refusal.input.chooseSessionMove'],
  ['imageUrl is required', 'refusal.input.takeUploadPhotoFirst'],
  ['imageUrl must be an uploaded file URL', 'refusal.input.photoDidNotUpload'],
  ['endPosition must not be before startPosition', 'refusal.input.playbackPositionWrongReload'],
  ['idempotencyKey must be 8-64 letters, digits, - or _ (a uuid per checkout)', RELOAD],
  ['give goodsIds or cartIds', 'refusal.input.chooseWhatBuy'],
  ['give goodsId or courseId', RELOAD],
  ['give cartIds or all: true', 'refusal.input.chooseWhatRemove'],
  ['give orderId or orderNo', RELOAD],
  ['give chapterId or paperId', 'refusal.input.chooseChapterPaper'],
  ['give questionId or questionIds', 'refusal.input.chooseQuestion'],
  ['bankId is required for scope special', RELOAD],
  ['chapterId is required for scope chapter', RELOAD],
  ['paperId is required for scope paper', RELOAD],
  ['ids must be comma-separated question ids (at most 100)', RELOAD],
  ['name is required', 'refusal.input.enterName'],
  ['reason is required', 'refusal.input.enterReason'],
  ['title is required', 'refusal.input.enterInvoiceTitle'],
  ['email must be an email address', 'refusal.input.enterValidEmailAddress'],
  ['taxNo: a company title needs a tax number (15-20 letters or digits)', 'refusal.input.companyTitleNeedsTax'],
  ['a company title needs a tax number (15-20 letters or digits)', 'refusal.input.companyTitleNeedsTax'],
  ['nothing to change', 'refusal.input.nothingChange'],
  ['exams start with POST /bank/exam/simulate or /mock/record', 'refusal.input.startExamExamPage'],

  // ---- shop, orders, refunds, invoices ----
  ['goodsId: the goods is not on sale', 'refusal.shop.itemNoLongerSale'],
  ['goodsId: already bought', 'refusal.shop.alreadyOwnItem'],
  ['cart row not found', 'refusal.shop.itemNoLongerCart'],
  ['cart row {id} not found', 'refusal.shop.itemNoLongerCart'],
  ['goods {id} not found', 'refusal.shop.itemNotExistNo'],
  ['goods {id} is not on sale', 'refusal.shop.itemNoLongerSaleReload'],
  ['goods {id} is already bought', 'refusal.shop.alreadyOwnItemsReload'],
  ['the goods is not in an open activity', 'refusal.shop.offerEndedNotInclude'],
  ['the order is not waiting for payment', 'refusal.shop.orderNotWaitingPayment'],
  ['only an order waiting for payment can be cancelled', 'refusal.shop.onlyUnpaidOrderCan'],
  ['only a paid order can be refunded', 'refusal.shop.onlyPaidOrderCan'],
  ['a free order cannot be refunded', 'refusal.shop.freeOrderNothingRefund'],
  ['cancel the invoice of this order first', 'refusal.shop.cancelInvoiceRequestOrder'],
  ['the order changed, reload it', 'refusal.shop.orderChangedReloadTry'],
  ['the orders changed, reload them', 'refusal.shop.ordersChangedReloadTry'],
  ['orderIds: order {id} cannot be invoiced', 'refusal.shop.chosenOrdersCannotInvoiced'],
  ['an issued invoice cannot be cancelled', 'refusal.shop.issuedInvoiceCannotCancelled'],
  ['already cancelled', 'refusal.shop.alreadyCancelled'],
  ['order conflict, retry', 'refusal.shop.orderClashedAnotherTry'],
  ['amount does not match the order', 'refusal.shop.amountPaidNotMatch'],
  ['the order has no open refund request', 'refusal.shop.orderNoRefundRequest'],
  ['callback refused: {why}', 'refusal.shop.paymentNoticeCouldNot'],

  // ---- question bank ----
  ['this question bank is not yours: buy the goods to practise it', 'refusal.bank.buyQuestionBankPractise'],
  [
    'an exam is in progress: practice and reports with its questions open again after you submit',
    'refusal.bank.examProgressQuestionsOpen',
  ],
  ['this paper is an exam paper: it opens for practice after the exam closes', 'refusal.bank.paperUsedExamOpens'],
  ['the attempt is not submitted yet', 'refusal.bank.notSubmittedYetSubmit'],
  ['no questions to practise ({scope})', 'refusal.bank.noQuestionsPractiseHere'],
  ['could not start the attempt', 'refusal.bank.attemptCouldNotStart'],
  ['this attempt is already submitted: answers are no longer saved', 'refusal.bank.attemptSubmittedAnswersNo'],

  // ---- exams, appointments, mock exams ----
  ['考试尚未开始，开考时间 {time}', 'refusal.exam.examNotStartedYet'],
  ['考试已结束', 'refusal.exam.examEnded'],
  ['考试次数已用完（共 {n} 次）', 'refusal.exam.allAttemptsExamUsed'],
  ['请先报名该模拟考试', 'refusal.exam.applyMockExamFirst'],
  ['尚未预约考场', 'refusal.exam.noExamSessionBooked'],
  ['请在预约的场次时间内开考（{from} 至 {to}）', 'refusal.exam.startWithinBookedSession'],
  ['预约的场次已结束，请重新预约', 'refusal.exam.bookedSessionEndedBook'],
  ['the exam paper has no questions', 'refusal.exam.examPaperNoQuestions'],
  ['还不能继续：{list}', 'refusal.exam.notYet'],
  ['完成必修课程', 'refusal.exam.finishRequiredCourses'],
  ['还有 {n} 门必修课未学完：{list}', 'refusal.exam.requiredCoursesFinish'],
  ['完成实名认证', 'refusal.exam.certifyIdentity'],
  ['实名认证审核中，通过后才能继续', 'refusal.exam.identityBeingReviewedGo'],
  ['实名认证未通过，请重新提交', 'refusal.exam.identityNotApprovedSubmit'],
  ['尚未实名认证', 'refusal.exam.identityNotCertifiedYet'],
  ['确认个人信息', 'refusal.exam.confirmPersonalDetails'],
  ['个人信息已变更，请重新确认', 'refusal.exam.detailsChangedConfirmThem'],
  ['尚未确认个人信息（姓名、身份证号、手机号）', 'refusal.exam.personalDetailsNameId'],
  ['预约考场', 'refusal.exam.bookExamSession'],
  ['签署考试承诺书', 'refusal.exam.signExamCommitmentLetter'],
  ['尚未签署考试承诺书', 'refusal.exam.commitmentLetterNotSigned'],
  ['请先完善姓名和身份证号（完成实名认证后自动填写）再确认', 'refusal.exam.fillNameIdNumber'],
  ['该场次已结束，请选择其他场次', 'refusal.exam.sessionEndedChooseAnother'],
  ['该场次已约满，请选择其他场次', 'refusal.exam.sessionFullChooseAnother'],
  ['该预约已取消', 'refusal.exam.bookingCancelled'],
  ['距开始不足 {n} 小时，已不能改期或取消', 'refusal.exam.lessThanHoursBefore'],
  ['该考试已结束，不能再预约', 'refusal.exam.examEndedCanNo'],
  ['你已预约该考试，可改期或取消后再约', 'refusal.exam.alreadyBookedExamReschedule'],
  ['每个预约最多改期 {n} 次，已用完', 'refusal.exam.bookingCanRescheduledMost'],
  ['只能改到同一考试、同一类型的其他场次', 'refusal.exam.canOnlyMoveAnother'],
  ['已预约该场次，请选择其他场次', 'refusal.exam.alreadyBookedSessionChoose'],
  ['你已报名该模拟考试，可在“我的报名”中查看、修改或取消', 'refusal.exam.alreadyAppliedMockExam'],
  ['该报名已取消', 'refusal.exam.applicationCancelled'],
  ['模拟考试已开始，不能取消报名', 'refusal.exam.mockExamStartedApplication'],
  ['模拟考试已开始，不能修改报名', 'refusal.exam.mockExamStartedApplicationCan'],
  ['报名尚未开始，将于 {time} 开放报名', 'refusal.exam.applicationsOpen'],
  ['报名已于 {time} 截止', 'refusal.exam.applicationsClosed'],
  ['该模拟考试已结束', 'refusal.exam.mockExamEnded'],
  ['appointmentId: only an exam booking carries the commitment letter', 'refusal.exam.onlyExamBookingCarries'],
  ['该预约已取消，请重新预约后再签署承诺书', 'refusal.exam.bookingCancelledBookAgain'],
  ['该场次已结束，不能再签署承诺书', 'refusal.exam.sessionEndedLetterCan'],
  ['signatureUrl: the signature must be an image', 'refusal.exam.signatureMustImageSign'],
  ['subjectId: no such subject', 'refusal.exam.chosenSubjectNotExist'],
  ['siteId: no such exam site', 'refusal.exam.chosenExamSiteNot'],
  ['idCard: the check digit does not match: not a valid ID number', 'refusal.exam.idNumberCheckDigit'],
  [
    'idCard: the birth date in it (digits 7-14) is not a real day, or is in the future or before 1900',
    'refusal.exam.birthDateIdNumber',
  ],
  ['telPhone: give the phone, site or subject to change', 'refusal.exam.givePhoneSiteSubject'],

  // ---- learning ----
  ['this course is not yours: buy the goods to study it', 'refusal.learn.buyCourseStudy'],
  ['the play session is closed or unknown: open a new one', 'refusal.learn.playbackInterruptedOpenVideo'],
  ['{field}: must be a file you uploaded', 'refusal.learn.fileDidNotUpload'],
  ['{field}: must be an image you uploaded', 'refusal.learn.uploadImage'],
  ['this class has ended: choose another one', 'refusal.learn.classEndedChooseAnother'],
  ['this class is full: choose another one', 'refusal.learn.classFullChooseAnother'],
  ['this handout is for learners of its goods', 'refusal.learn.buyCourseReadHandout'],
  ['realName: must not contain control characters', 'refusal.learn.nameContainsCharactersNot'],
  [
    'your identity certification is waiting for review: it cannot be replaced now',
    'refusal.learn.identityBeingReviewedCannot',
  ],
  ['your identity is already certified: it cannot be replaced', 'refusal.learn.identityAlreadyCertified'],
  ['your identity certification cannot be replaced now', 'refusal.learn.identityCannotSubmittedAgain'],
  ['submit your identity certification first', 'refusal.learn.submitIdentityCertificationFirst'],
  ['this section is not part of the goods', 'refusal.learn.lessonNotPartCourse'],
  ['your access to this goods has expired', 'refusal.learn.studyPeriodEnded'],
  ['a photo is due before study goes on', 'refusal.learn.takeCheckPhotoGo'],
  ['班级“{name}”将于{date}开课，开课后才能学习', 'refusal.learn.classStartsStudyOpens'],
  ['班级“{name}”已于{date}结课，不能继续学习', 'refusal.learn.classEndedStudyClosed'],
  ['尚未购买该商品，购买后即可学习', 'refusal.learn.notBoughtYetBuy'],
  ['学习有效期已过，不能继续学习', 'refusal.learn.studyPeriodEnded2'],
  ['证件照片已保存，本服务不自动识别，请手动填写姓名和身份证号，提交后由人工审核', 'refusal.learn.idPhotoSavedNot'],
  ['照片已保存，等待人工审核', 'refusal.learn.photoSavedWaitsReview'],
  ['照片已保存，等待人工比对审核', 'refusal.learn.photoSavedWaitsComparison'],
  ['实名认证资料已提交，等待人工审核', 'refusal.learn.identityDetailsSubmittedWait'],
  ['face provider {name} is not configured on this server', 'refusal.learn.faceChecksNotSet'],

  // ---- uploads ----
  ['file too large: at most {n} bytes', 'refusal.upload.fileTooLargeChoose'],
  ['file is empty or too small', 'refusal.upload.fileEmptyTooSmall'],
  ['file: only jpeg, png, webp or gif images are accepted here', 'refusal.upload.onlyJpegPngWebp'],
  ['file: type not accepted (images, pdf or mp4)', 'refusal.upload.fileTypeNotAccepted'],
  ['policy expired', 'refusal.upload.uploadExpiredUploadAgain'],
  ['file: send a multipart form with the field file', UPLOAD_FAILED],
  ['content-type: application/x-www-form-urlencoded is not accepted here', UPLOAD_FAILED],
  ['imageStatus: must be 0 or 1', UPLOAD_FAILED],
  ['object: not an upload key', UPLOAD_FAILED],
  ['object: no such learner in this tenant', UPLOAD_FAILED],
  ['object: no stored file of that size', UPLOAD_FAILED],
  ['callback signature is invalid', UPLOAD_FAILED],
  ['bucket: not this store', UPLOAD_FAILED],
  ['size: the stored file is empty', UPLOAD_FAILED],
  ...['key', 'OSSAccessKeyId', 'policy', 'Signature', 'callback', 'file'].map(
    (name): Entry => [`${name} is required`, UPLOAD_FAILED],
  ),
  ['OSSAccessKeyId is not known', UPLOAD_FAILED],
  ['Signature does not match the policy', UPLOAD_FAILED],
  ['key: outside the upload area', UPLOAD_FAILED],
  ['key: not a valid object name', UPLOAD_FAILED],
  ['send a multipart form', UPLOAD_FAILED],
  ['{name}: too long', UPLOAD_FAILED],
  ['the file field must be named file', UPLOAD_FAILED],
  ['callback: base64 JSON with callbackUrl and callbackBody is required', UPLOAD_FAILED],
  ['callback: callbackBodyType is not supported', UPLOAD_FAILED],
  ['host: the request has no valid host', UPLOAD_FAILED],
  ['policy: not base64 JSON', UPLOAD_FAILED],
  ['policy: expiration and conditions are required', UPLOAD_FAILED],
  ['policy condition on {name} is not supported', UPLOAD_FAILED],
  ['policy condition failed: {a}', UPLOAD_FAILED],
  ['policy condition is not supported', UPLOAD_FAILED],
  ['object store refused the upload ({status})', UPLOAD_FAILED],
  ['object store refused the upload', UPLOAD_FAILED],
  ['malformed multipart body: {why}', UPLOAD_FAILED],

  // ---- the envelope's own answers ----
  ['{field}: contains a NUL character (U+0000), which cannot be stored', 'refusal.request.textContainsCharacterCannot'],
  ['internal server error', 'refusal.request.somethingWentWrongServer'],
  ['not found: {method} {path}', 'refusal.request.whatAskedNotExist'],
  ['not found', 'refusal.request.whatAskedNotExist'],
  // messages (docs/DECISIONS.md "Messages"): mark-read body, the staff desk's announcements
  ['name the messages to mark read, or all', 'refusal.request.chooseMessagesMarkRead'],
  ['announcement title must be 1 to 200 characters', 'refusal.request.titleNeeds1200'],
  ['announcement text must be 1 to 5000 characters', 'refusal.request.textNeeds15000'],
  ['pageNum and pageSize must be whole numbers (pageSize up to 100)', 'refusal.request.pageNumberPageSize'],
  ['not available: {method} {path}', 'refusal.request.notAvailable'],
  ['bad request', RELOAD],
  // ---- staff console and staff desk (docs/DECISIONS.md "Console"): staff read these in the console ----
  ['staff sign-in required', 'refusal.console.signConsoleFirst'],
  ['x-staff-token: the staff token is wrong or not enabled on this server', 'refusal.console.staffTokenWrongNot'],
  ['this account is not a staff account', 'refusal.console.accountNotStaffAccount'],
  ['your staff role may not do this', 'refusal.console.staffRoleMayNot'],
  ['you cannot change your own staff role', 'refusal.console.cannotChangeOwnStaff'],
  ['no account with that id in this school', 'refusal.console.schoolNoSuchAccount'],
  ['userId: must be a positive whole number', 'refusal.console.accountNumberNotValid'],
  ['account: must be 1-64 characters', 'refusal.console.enterAccountPhone1'],
  [
    'staffRole: must be one of teacher, manager, assistant, or empty (no role)',
    'refusal.console.roleMustTeacherManager',
  ],
  ['the console is not built on this server (npm run build:console)', 'refusal.console.consoleNotBuiltServer'],
  ['no requested invoice with that id', 'refusal.console.noRequestedInvoiceNumber'],
  ['no certification waiting for review for that user', 'refusal.console.learnerNoIdentityCertification'],
  ['this ID number is bound to another account: reject the certification', 'refusal.console.idNumberBoundAnother'],
  ['this is a section test: it opens once you have finished its lesson', 'refusal.console.sectionTestOpensOnce'],
  ['no photo waiting for review with that id', 'refusal.console.photoNotWaitingReview'],
  ['no valid certificate with that serial', 'refusal.console.noValidCertificateNumber'],
  // ---- live classes (docs/DECISIONS.md "Live — data"): the room calls and the live staff desk ----
  ['live channel not found', 'refusal.live.liveRoomNotExist'],
  ['live session not found', 'refusal.live.liveClassNotExist'],
  ['buy the course to enter this live class', 'refusal.live.buyCourseEnterLive'],
  ['apply for the mock exam to enter its live class', 'refusal.live.applyMockExamEnter'],
  ['this class has no playback yet', 'refusal.live.classNoPlaybackYet'],
  ['beforeId and afterId cannot be used together', RELOAD],
  ['channelId: must be a positive whole number', 'refusal.live.liveRoomNumberNot'],
  ['no live channel with that id in this school', 'refusal.live.schoolNoSuchLive'],
  [
    'title, startTime and endTime are required: a title of 1-100 characters and times in Unix seconds',
    'refusal.live.giveTitle1100',
  ],
  ['endTime: a class ends after it starts and lasts at most 12 hours', 'refusal.live.classMustEndAfter'],
  ['endTime: the class must end in the future', 'refusal.live.classMustEndFuture'],
  ['sessionId: must be a positive whole number', 'refusal.live.classNumberNotValid'],
  ['no such class in this room', 'refusal.live.liveRoomNoSuch'],
  ['no class to push to in this room: schedule one first', 'refusal.live.liveRoomNoClass'],
  // ---- notes and Q and A (docs/DECISIONS.md "Notes", "Questions and answers") ----
  ['content is required', 'refusal.note.writeSomethingFirst'],
  ['give sectionId or questionId', 'refusal.note.chooseLessonQuestionNote'],
  ['videoTime is required with sectionId', 'refusal.note.videoTimeMissingTake'],
  ['videoTime must be 0 or more', 'refusal.note.videoTimeNotValid'],
  ['month must be YYYY-MM', 'refusal.note.monthNotValid'],
  ['beginDate must be YYYY-MM-DD', 'refusal.note.startDateNotValid'],
  ['endDate must be YYYY-MM-DD', 'refusal.note.endDateNotValid'],
  ['beginDate and endDate go together', 'refusal.note.chooseBothStartEnd'],
  ['beginDate must not be after endDate', 'refusal.note.startDateCannotAfter'],
  ['the date range is at most {n} days', 'refusal.note.dateRangeMostDays'],
  ['give courseId (or sectionId) or questionId', 'refusal.note.chooseCourseQuestionAsking'],
  ['a teacher has replied: this question can no longer be edited', 'refusal.note.teacherRepliedQuestionCan'],
  ['status is 0, 1 or all; pageSize 1-50', RELOAD],
  ['answerId: must be a positive whole number', 'refusal.note.questionNumberNotValid'],
  ['content: a reply of 1-{n} characters is required', 'refusal.note.writeReply1Characters'],
  // ---- the teacher's live console (docs/DECISIONS.md "Live — teacher console"): the question picker ----
  [
    'bankId is required; type is 1, 2 or 3; keyword at most 50 characters; pageSize 1-50',
    'refusal.live.chooseQuestionBankType',
  ],
  // ---- live interactions (docs/DECISIONS.md "Live — interactions"): the learner's points ----
  ['pageNum and pageSize: whole numbers, pageSize 1 to 100', 'refusal.live.pageNumberSizeNot'],
  // ---- enrolment profiles and stamp words (docs/DECISIONS.md "Enrolment profile and stamp words") ----
  ['this goods collects no enrolment profile', 'refusal.profile.courseNeedsNoEnrolment'],
  ['the school has locked this profile: it can no longer be changed', 'refusal.profile.schoolLockedProfileCan'],
  ['you do not hold this goods: buy it to fill in its profile', 'refusal.profile.buyCourseFillEnrolment'],
  ['you already have a profile for this goods: edit it', 'refusal.profile.alreadyProfileCourseEdit'],
  // the school's review (staff desk, modules/profile/staff.ts)
  ['status 0-3, goodsId a number, pageSize up to 100', 'refusal.profile.filterNotValid'],
  ['action is lock or return; remark at most 200 characters', 'refusal.profile.chooseLockReturnNote'],
  ['remark: say what the learner should change', 'refusal.profile.sayWhatLearnerShould'],
  ['only a submitted profile can be locked or returned', 'refusal.profile.onlySubmittedProfileCan'],
  ['values.{key}: {label} is required', 'refusal.profile.fill'],
  ['values.{key}: {label} is not a valid ID number', 'refusal.profile.notValidIdNumber'],
  ['values.{key}: {label} must be an 11-digit mobile number', 'refusal.profile.must11DigitMobile'],
  ['values.{key}: {label} must be a date (YYYY-MM-DD)', 'refusal.profile.chooseValidDate'],
  ['values.{key}: {label} must be one of the choices', 'refusal.profile.chooseList'],
  ['values.{key}: {label} must be an uploaded image', 'refusal.profile.uploadImage'],
  ['at most 50 fields', 'refusal.profile.tooManyFields'],
  ['words is required', 'refusal.profile.copyOutStatement'],
  ['words: copy the statement exactly as shown', 'refusal.profile.copyStatementExactlyShown'],
  ['the words are already copied: change them with edit', 'refusal.profile.alreadyCopiedStatementChange'],
  ['copy the words first', 'refusal.profile.copyOutStatementFirst'],
  ['signatureUrl: this profile needs your handwritten signature', 'refusal.profile.profileNeedsHandwrittenSignature'],
  // ---- study plans (docs/DECISIONS.md "Study plans") ----
  ['plan not found', 'refusal.plan.studyPlanNotExist'],
  ['plan name is required', 'refusal.plan.enterNamePlan'],
  ['plan name must be at most 30 characters', 'refusal.plan.planNameCanMost'],
  ['startDate must be YYYY-MM-DD', 'refusal.plan.chooseValidStartDate'],
  ['endDate must be YYYY-MM-DD', 'refusal.plan.chooseValidEndDate'],
  ['startDate is not a real date', 'refusal.plan.chooseValidStartDate'],
  ['endDate is not a real date', 'refusal.plan.chooseValidEndDate'],
  ['endDate must not be before startDate', 'refusal.plan.endDateCannotBefore'],
  ['a plan spans at most 366 days', 'refusal.plan.planCanLastMost'],
  ['a calendar range spans at most 62 days', 'refusal.plan.lookMost62Days'],
  ['choose at least one weekday', 'refusal.plan.chooseLeastStudyDay'],
  ['no chosen weekday falls between the dates', 'refusal.plan.noneChosenWeekdaysFalls'],
  ['add at least one course or question bank', 'refusal.plan.addLeastCourseQuestion'],
  ['at most 10 items in a plan', 'refusal.plan.planCanMost10'],
  ['courseId is required for a course item', 'refusal.plan.chooseCourse'],
  ['bankId is required for a bank item', 'refusal.plan.chooseQuestionBank'],
  ['a course item counts minutes or sections', 'refusal.plan.courseTargetCountsMinutes'],
  ['a bank item counts questions', 'refusal.plan.questionBankTargetCounts'],
  ['minutes a day must be 5-600', 'refusal.plan.minutesDayMust5'],
  ['sections a day must be 1-50', 'refusal.plan.lessonsDayMust1'],
  ['questions a day must be 1-500', 'refusal.plan.questionsDayMust1'],
  ['this item is listed twice', 'refusal.plan.sameCourseBankListed'],
  ['this field is required', 'refusal.plan.fillWholePlan'],
  ['startDate: the plan cannot start before today', 'refusal.plan.planCannotStartBefore'],
  ['endDate: the plan cannot end before today', 'refusal.plan.planCannotEndBefore'],
  ['goodsId: you do not hold this goods: buy it to plan your study of it', 'refusal.plan.notHoldCourseExpired'],
  ['this course is not part of the goods', 'refusal.plan.courseNotPartChosen'],
  ['this question bank is not part of the goods', 'refusal.plan.questionBankNotPart'],
  ['you have 20 plans that have not ended: delete one before adding another', 'refusal.plan.plansNotEndedDelete'],
  // ---- course extras (docs/DECISIONS.md "Course extras") ----
  ['学时达标', 'refusal.learn.reachRequiredStudyHours'],
  ['通过随堂测试', 'refusal.learn.passSectionTests'],
  ['通过考试：{name}', 'refusal.learn.passExam'],
  [
    'prompt: key (lower-case letters, digits, -), title (1 to 100 characters) and content (1 to 20000 characters) are required',
    'refusal.learn.promptNeedsKeyLower',
  ],
  ['prompt: key (lower-case letters, digits, -) is required', 'refusal.learn.promptKeyLowerCase'],
  ['key must be lower-case letters, digits or -', 'refusal.learn.promptNameMustLower'],
  // ---- scan login (docs/DECISIONS.md "Scan login") ----
  ['scan code not found', 'refusal.account.qrCodeNotValid'],
  ['scan code has expired', 'refusal.account.qrCodeExpiredRefresh'],
  ['scan code has already been used', 'refusal.account.qrCodeAlreadyUsed'],
  ['scan code was cancelled', 'refusal.account.signCancelledRefreshQr'],
  ['scan code was scanned by another account', 'refusal.account.qrCodeScannedAnother'],
  ['scan the code before confirming', 'refusal.account.scanQrCodeBefore'],
  ['too many scan codes from this address: retry in a few minutes', 'refusal.account.tooManyQrCodes'],
  ['ticket must be the code of a scan login QR', 'refusal.account.notSignQrCode'],
  ['pollKey must be the key given with the ticket', 'refusal.account.qrCodeNotValidRefresh'],
  ['pollKey is required with a ticket', 'refusal.account.qrCodeNotValidRefresh'],
  // ---- account extras (issue 17; docs/DECISIONS.md "Account extras") ----
  ['idCard: this ID number is bound to another account', 'refusal.account.idNumberBoundAnother'],
  ["only the school's managers may edit the school profile", 'refusal.account.onlySchoolManagersMay'],
  ['address must be at most 200 characters', 'refusal.account.addressCanMost200'],
  ['intro must be at most 2000 characters', 'refusal.account.introductionCanMost2000'],
  ['this order has not been paid: it has no receipt', 'refusal.account.orderNotPaidNo'],
  ['the video provider did not answer: try again', 'refusal.account.videoServiceDidNot'],
  ['polyv is not the video provider of this school', 'refusal.account.schoolNotUsePolyv'],
  // ---- WeChat login and binding (docs/DECISIONS.md "WeChat login and binding") ----
  ['the WeChat code is invalid or expired, try again', 'refusal.account.wechatAuthorisationInvalidExpired'],
  ['the WeChat code was already used, try again', 'refusal.account.wechatAuthorisationAlreadyUsed'],
  ['open the page in WeChat itself (not a preview) to log in', 'refusal.account.openFullPageWechat'],
  ['WeChat is busy: try again in a moment', 'refusal.account.wechatBusyTryAgain'],
  ['WeChat login is not set up for this school', 'refusal.account.wechatLoginNotSet'],
  ["the school's WeChat app is not set up correctly", 'refusal.account.schoolWechatLoginNot'],
  ['WeChat did not answer as expected: try again', 'refusal.account.wechatDidNotAnswer'],
  ['this WeChat account is already bound to another account', 'refusal.account.wechatAccountAlreadyBound'],
  ['this account is already bound to another WeChat account', 'refusal.account.accountAlreadyBoundAnother'],
  ['the WeChat login has expired, start again', 'refusal.account.wechatLoginExpiredStart'],
  ['code must be the code WeChat gave', 'refusal.account.wechatAuthorisationNotValid'],
  ['bindTicket must be the ticket of the WeChat login', 'refusal.account.wechatLoginExpiredStart'],
  ['url must be the http(s) address of the page', 'refusal.account.pageAddressNotValid'],
  ['url must be at most 2048 characters', 'refusal.account.pageAddressTooLong'],
  ["this page is not on one of the school's sites", 'refusal.account.pageNotSchoolSites'],
  ...NOT_FOUND.map(([what, key]): Entry => [`${what} not found`, key]),
]

/** Field names of the contract a learner fills in, for a rule without its own entry (`refusal.invalid.<field>`). */
const FIELDS = new Set(
  Object.keys(zh)
    .filter((k) => k.startsWith('refusal.invalid.'))
    .map((k) => k.slice('refusal.invalid.'.length)),
)

/** The plain sentence of a code, for a message the catalogue does not know. */
const CODES = new Set([400, 401, 403, 404, 409, 429, 500, 501])
const codeKey = (code: number) => (CODES.has(code) ? `refusal.code.${code}` : 'refusal.code.other') as RefusalKey
const REDIRECT = 699

interface Compiled {
  re: RegExp
  names: string[]
  entry: Entry
}

const escapeRe = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')

function compile(entry: Entry): Compiled {
  const names: string[] = []
  const parts = entry[0].split(/\{(\w+)\}/)
  let source = ''
  parts.forEach((p, i) => {
    if (i % 2 === 0) source += escapeRe(p).replace(/[{}]/g, '\\$&')
    else {
      names.push(p)
      source += '([\\s\\S]+?)'
    }
  })
  return { re: new RegExp(`^${source}$`), names, entry }
}

const COMPILED = ENTRIES.map(compile)
const EXACT = COMPILED.filter((c) => c.names.length === 0)
const PATTERNS = COMPILED.filter((c) => c.names.length > 0)
const CJK = /[\u3400-\u9fff\uff00-\uffef]/
const FIELD_RULE = /^([\w.[\]-]+): ([\s\S]+)$/

export interface Match {
  key: RefusalKey
  vars: Record<string, string>
}

/** The catalogue key of a message and the values of its placeholders (the whole message first, then its rule). */
export function findRefusal(msg: string): Match | null {
  const tries = [msg]
  const rule = FIELD_RULE.exec(msg)
  if (rule) tries.push(rule[2]!)
  // exact entries before patterns, so '{field}: …' never shadows a rule's own entry
  for (const group of [EXACT, PATTERNS])
    for (const text of tries)
      for (const c of group) {
        const m = c.re.exec(text)
        if (m) return { key: c.entry[1], vars: Object.fromEntries(c.names.map((n, i) => [n, m[i + 1] ?? ''])) }
      }
  return null
}

/** What a refusal says: `msg` in the request's language, and the key (and values) the clients translate. */
export interface Refusal {
  msg: string
  key?: RefusalKey
  vars?: Record<string, string>
}

/**
 * A refusal's `msg` in `lang` (null: as written) with its key. `code` picks the plain sentence for a message the
 * catalogue lacks — only when the message is not in the learner's language already (then it has no key: the clients
 * show `msg` as it is).
 */
export function refusalOf(msg: string, lang: Lang | null | undefined, code = 400): Refusal {
  // 699 carries a URL for the app to open, not words
  if (!msg || code === REDIRECT) return { msg }
  const hit = findRefusal(msg)
  if (hit) {
    const vars = Object.keys(hit.vars).length ? hit.vars : undefined
    return { msg: lang ? fill((lang === 'en' ? en : zh)[hit.key], vars) : msg, key: hit.key, ...(vars ? { vars } : {}) }
  }
  if (!lang) return { msg }
  const cjk = CJK.test(msg)
  if (lang === 'en' ? !cjk : cjk) return { msg }
  const field = FIELD_RULE.exec(msg)?.[1]?.split('.').pop()
  const key = field && FIELDS.has(field) && code === 400 ? (`refusal.invalid.${field}` as RefusalKey) : codeKey(code)
  return { msg: (lang === 'en' ? en : zh)[key], key }
}

/** `msg` in `lang` (null: as written); see refusalOf. */
export function localize(msg: string, lang: Lang | null | undefined, code = 400): string {
  return refusalOf(msg, lang, code).msg
}

/** The envelope of a refusal: `{ code, msg, data, key?, vars? }`, `msg` in the language `headers` name. */
export function refusalEnvelope(code: number, msg: string, data: unknown, headers: IncomingHttpHeaders) {
  return { code, ...refusalOf(msg, langOf(headers), code), data }
}

/** The language a request names (`Accept-Language`, first zh or en tag; another language: zh-CN), or null. */
export function langOf(headers: IncomingHttpHeaders): Lang | null {
  const raw = headers['accept-language']
  const value = Array.isArray(raw) ? raw.join(',') : raw
  if (!value) return null
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase()
    if (tag.startsWith('zh')) return 'zh-CN'
    if (tag.startsWith('en')) return 'en'
  }
  return 'zh-CN'
}
