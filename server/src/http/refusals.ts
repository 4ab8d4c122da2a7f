/**
 * Refusals in the learner's language (DECISIONS.md "Wire: refusal messages"). The code writes each refusal once,
 * in its source wording (`new AppError(400, 'oldPassword: old password is wrong')`, `'考试已结束'`); the app
 * names its language in `Accept-Language` on every call, and the envelope's `msg` (and the few explanations
 * that travel in `data`) are put into that language here, in one place, from this catalogue. A request that
 * names no language gets the source wording (tests, curl, logs).
 *
 * An entry is `[source, zh-CN, en]`; `{name}` in the source matches any text, which the translations reuse.
 * A validation message `<field>: <rule>` is also looked up by its rule alone. A message with no entry still
 * never reaches a learner in the wrong language: a field rule becomes "<field label>填写有误", anything else
 * the plain sentence of its code. tests/server/refusals.test.ts walks the source for every refusal and
 * checks that each has an entry.
 */
import type { IncomingHttpHeaders } from 'node:http'

export type Lang = 'zh-CN' | 'en'
type Entry = readonly [source: string, zh: string, en: string]

/** `{what} not found`: the things a learner can ask for by id. */
const NOT_FOUND: readonly (readonly [what: string, zh: string, en: string])[] = [
  ['goods', '商品不存在或已下架', 'This item does not exist or is no longer on sale'],
  ['package', '套餐不存在或已下架', 'This package does not exist or is no longer on sale'],
  ['activity', '活动不存在或已结束', 'This offer does not exist or has ended'],
  ['business', '分类不存在', 'This category does not exist'],
  ['article', '资讯不存在或已删除', 'This article does not exist or was removed'],
  ['order', '订单不存在', 'This order does not exist'],
  ['invoice', '发票不存在', 'This invoice does not exist'],
  ['cart row', '购物车中没有该商品，请刷新后重试', 'This item is no longer in your cart: reload and try again'],
  ['course', '课程不存在', 'This course does not exist'],
  ['class', '班级不存在', 'This class does not exist'],
  ['handout', '讲义不存在', 'This handout does not exist'],
  ['section', '课节不存在', 'This lesson does not exist'],
  ['video', '该课节没有视频', 'This lesson has no video'],
  ['bank', '题库不存在', 'This question bank does not exist'],
  ['chapter', '章节不存在', 'This chapter does not exist'],
  ['paper', '试卷不存在', 'This paper does not exist'],
  ['record', '作答记录不存在', 'This attempt does not exist'],
  ['question', '题目不存在', 'This question does not exist'],
  ['exam', '考试不存在', 'This exam does not exist'],
  ['appointment', '预约不存在', 'This booking does not exist'],
  ['application', '报名记录不存在', 'This application does not exist'],
  ['session', '场次不存在', 'This session does not exist'],
  ['note', '笔记不存在或已删除', 'This note does not exist or was deleted'],
  ['answer', '提问不存在或已删除', 'This question to the teachers does not exist or was deleted'],
  ['message', '消息不存在或已删除', 'This message does not exist or was removed'],
  ['profile', '报名资料不存在', 'This profile does not exist'],
]

const UPLOAD_FAILED = ['上传失败，请重试', 'The upload failed: try again'] as const
const RELOAD = ['请求有误，请返回后重试', 'Something in the request is wrong: go back and try again'] as const

const ENTRIES: readonly Entry[] = [
  // ---- session, account, codes ----
  ['login required', '请先登录', 'Please log in first'],
  ['token expired', '登录已过期，请重新登录', 'Your session has expired: please log in again'],
  ['logged in from another device', '账号已在其他设备登录', 'Your account was signed in on another device'],
  ['sign is invalid or expired', '登录链接无效或已过期', 'This sign-in link is invalid or has expired'],
  ['sign already used', '登录链接已使用过，请重新获取', 'This sign-in link was used already: get a new one'],
  ['account or password is wrong', '账号或密码错误', 'Wrong account or password'],
  ['telPhone or password is wrong', '手机号或密码错误', 'Wrong phone number or password'],
  ['telPhone: this phone number is already registered', '该手机号已注册', 'This phone number is already registered'],
  ['telPhone: this phone number is not registered', '该手机号未注册', 'This phone number is not registered'],
  ['oldPassword: old password is wrong', '原密码不正确', 'The old password is wrong'],
  [
    'code: captcha is wrong or expired',
    '图形验证码错误或已过期，请重新输入',
    'The picture code is wrong or has expired: enter the new one',
  ],
  ['code: sms code is wrong or expired', '短信验证码错误或已过期', 'The SMS code is wrong or has expired'],
  [
    'please wait {n} seconds before requesting another code',
    '请 {n} 秒后再获取验证码',
    'Wait {n} seconds before asking for another code',
  ],
  [
    'too many codes for this phone today',
    '该手机号今日获取验证码次数已达上限',
    'This phone has had too many codes today',
  ],
  [
    'too many codes from this address, try again later',
    '获取验证码过于频繁，请稍后再试',
    'Too many codes were asked from this network: try again later',
  ],
  [
    '密码错误次数过多，请{m}分钟后再试，或使用短信验证码登录',
    '密码错误次数过多，请{m}分钟后再试，或使用短信验证码登录',
    'Too many wrong passwords: try again in {m} minutes, or log in with an SMS code',
  ],
  [
    '密码错误次数过多，请{m}分钟后再试，或退出后通过短信验证码重设密码',
    '密码错误次数过多，请{m}分钟后再试，或退出后通过短信验证码重设密码',
    'Too many wrong passwords: try again in {m} minutes, or log out and reset your password with an SMS code',
  ],
  // a wrong password says, once half the attempts are used, how many are left before the lock (services/login-guard.ts)
  [
    'account or password is wrong, {n} attempts left before a {m}-minute lock',
    '账号或密码错误，再输错{n}次将锁定{m}分钟',
    'Wrong account or password: {n} attempt(s) left before a {m}-minute lock',
  ],
  [
    'account or password is wrong, locked for {m} minutes',
    '账号或密码错误，密码登录已锁定{m}分钟，可使用短信验证码登录',
    'Wrong account or password: password login is locked for {m} minutes, log in with an SMS code',
  ],
  [
    'telPhone or password is wrong, {n} attempts left before a {m}-minute lock',
    '手机号或密码错误，再输错{n}次将锁定{m}分钟',
    'Wrong phone number or password: {n} attempt(s) left before a {m}-minute lock',
  ],
  [
    'telPhone or password is wrong, locked for {m} minutes',
    '手机号或密码错误，密码登录已锁定{m}分钟，可使用短信验证码登录',
    'Wrong phone number or password: password login is locked for {m} minutes, log in with an SMS code',
  ],
  [
    'old password is wrong, {n} attempts left before a {m}-minute lock',
    '原密码不正确，再输错{n}次将锁定{m}分钟',
    'The old password is wrong: {n} attempt(s) left before a {m}-minute lock',
  ],
  [
    'old password is wrong, locked for {m} minutes',
    '原密码不正确，已锁定{m}分钟，可退出后通过短信验证码重设密码',
    'The old password is wrong: locked for {m} minutes, log out and reset it with an SMS code',
  ],
  ['tenant-id header is required', '未找到该学校，请检查访问地址', 'This school was not found: check the address'],
  ['tenant-id header must be a number', '未找到该学校，请检查访问地址', 'This school was not found: check the address'],
  ['unknown tenant', '未找到该学校，请检查访问地址', 'This school was not found: check the address'],
  ['unknown host', '未找到该学校，请检查访问地址', 'This school was not found: check the address'],
  ['too many requests, retry in {n} s', '操作太频繁，请 {n} 秒后再试', 'Too many requests: try again in {n} s'],
  ['too many requests', '操作太频繁，请稍后再试', 'Too many requests: try again later'],
  ['free', '空闲', 'free'],

  // ---- the contract's field rules (looked up with or without their `<field>: ` prefix) ----
  ['telPhone must be an 11-digit mobile number', '请输入 11 位手机号', 'Enter an 11-digit mobile number'],
  ['code must be 6 digits', '请输入 6 位短信验证码', 'Enter the 6-digit SMS code'],
  ['password must be at least 8 characters', '密码至少 8 位', 'The password needs at least 8 characters'],
  ['password must be at most 64 characters', '密码最多 64 位', 'The password can have at most 64 characters'],
  ['password must contain a letter', '密码需包含字母', 'The password needs a letter'],
  ['password must contain a digit', '密码需包含数字', 'The password needs a digit'],
  ['password is required', '请输入密码', 'Enter the password'],
  ['account is required', '请输入账号', 'Enter the account'],
  ['oldPassword is required', '请输入原密码', 'Enter the old password'],
  ['code (captcha) is required', '请输入图形验证码', 'Enter the picture code'],
  ['uuid (captcha id) is required', '请刷新图形验证码后重试', 'Reload the picture code and try again'],
  ['birthday must be YYYY-MM-DD', '请选择正确的出生日期', 'Choose a valid birthday'],
  ['graduationDate must be YYYY-MM or YYYY-MM-DD', '请选择正确的毕业时间', 'Choose a valid graduation date'],
  ['realName must be 2-30 characters', '姓名应为 2-30 个字', 'The name must be 2-30 characters'],
  ['idCard must be an 18-character ID number', '请输入 18 位身份证号', 'Enter the 18-character ID number'],
  ['idCard must be an 18-character resident ID number', '请输入 18 位身份证号', 'Enter the 18-character ID number'],
  ['signatureUrl is required', '请先签名', 'Sign first'],
  ['signatureUrl must be an uploaded file URL', '签名上传失败，请重新签名', 'The signature did not upload: sign again'],
  ['sessionId is required to reschedule', '请选择要改到的场次', 'Choose the session to move to'],
  ['imageUrl is required', '请先拍照或上传照片', 'Take or upload a photo first'],
  ['imageUrl must be an uploaded file URL', '照片上传失败，请重新上传', 'The photo did not upload: try again'],
  [
    'endPosition must not be before startPosition',
    '播放进度有误，请刷新后重试',
    'The playback position is wrong: reload',
  ],
  ['idempotencyKey must be 8-64 letters, digits, - or _ (a uuid per checkout)', ...RELOAD],
  ['give goodsIds or cartIds', '请选择要购买的商品', 'Choose what to buy'],
  ['give goodsId or courseId', ...RELOAD],
  ['give cartIds or all: true', '请选择要删除的商品', 'Choose what to remove'],
  ['give orderId or orderNo', ...RELOAD],
  ['give chapterId or paperId', '请选择章节或试卷', 'Choose a chapter or a paper'],
  ['give questionId or questionIds', '请选择题目', 'Choose a question'],
  ['bankId is required for scope special', ...RELOAD],
  ['chapterId is required for scope chapter', ...RELOAD],
  ['paperId is required for scope paper', ...RELOAD],
  ['ids must be comma-separated question ids (at most 100)', ...RELOAD],
  ['name is required', '请填写姓名', 'Enter your name'],
  ['reason is required', '请填写原因', 'Enter a reason'],
  ['title is required', '请填写发票抬头', 'Enter the invoice title'],
  ['email must be an email address', '请输入正确的邮箱地址', 'Enter a valid email address'],
  [
    'taxNo: a company title needs a tax number (15-20 letters or digits)',
    '企业抬头需填写税号（15-20 位字母或数字）',
    'A company title needs a tax number (15-20 letters or digits)',
  ],
  [
    'a company title needs a tax number (15-20 letters or digits)',
    '企业抬头需填写税号（15-20 位字母或数字）',
    'A company title needs a tax number (15-20 letters or digits)',
  ],
  ['nothing to change', '没有需要修改的内容', 'Nothing to change'],
  [
    'exams start with POST /bank/exam/simulate or /mock/record',
    '考试请从考试入口进入',
    'Start an exam from its exam page',
  ],

  // ---- shop, orders, refunds, invoices ----
  ['goodsId: the goods is not on sale', '该商品已下架', 'This item is no longer on sale'],
  ['goodsId: already bought', '你已购买该商品，无需重复购买', 'You already own this item'],
  [
    'cart row not found',
    '购物车中没有该商品，请刷新后重试',
    'This item is no longer in your cart: reload and try again',
  ],
  [
    'cart row {id} not found',
    '购物车中没有该商品，请刷新后重试',
    'This item is no longer in your cart: reload and try again',
  ],
  ['goods {id} not found', '商品不存在或已下架', 'An item does not exist or is no longer on sale'],
  ['goods {id} is not on sale', '有商品已下架，请刷新后重试', 'An item is no longer on sale: reload and try again'],
  ['goods {id} is already bought', '你已购买过其中的商品，请刷新后重试', 'You already own one of these items: reload'],
  [
    'the goods is not in an open activity',
    '该活动已结束或商品不在活动中',
    'This offer has ended or does not include this item',
  ],
  [
    'the order is not waiting for payment',
    '该订单不是待支付状态，请刷新',
    'This order is not waiting for payment: reload it',
  ],
  [
    'only an order waiting for payment can be cancelled',
    '只有待支付的订单可以取消',
    'Only an unpaid order can be cancelled',
  ],
  ['only a paid order can be refunded', '只有已支付的订单可以申请退款', 'Only a paid order can be refunded'],
  ['a free order cannot be refunded', '免费订单无需退款', 'A free order has nothing to refund'],
  [
    'cancel the invoice of this order first',
    '请先取消该订单的发票申请，再申请退款',
    'Cancel the invoice request of this order first',
  ],
  ['the order changed, reload it', '订单状态已变化，请刷新后重试', 'The order changed: reload and try again'],
  ['the orders changed, reload them', '订单状态已变化，请刷新后重试', 'The orders changed: reload and try again'],
  [
    'orderIds: order {id} cannot be invoiced',
    '所选订单中有不能开票的订单，请刷新后重试',
    'One of the chosen orders cannot be invoiced: reload and try again',
  ],
  ['an issued invoice cannot be cancelled', '发票已开具，不能取消', 'An issued invoice cannot be cancelled'],
  ['already cancelled', '已经取消了', 'Already cancelled'],
  ['order conflict, retry', '下单冲突，请重试', 'The order clashed with another one: try again'],
  ['amount does not match the order', '支付金额与订单不符', 'The amount paid does not match the order'],
  ['the order has no open refund request', '该订单没有待处理的退款申请', 'This order has no refund request to decide'],
  ['callback refused: {why}', '支付结果校验失败', 'The payment notice could not be verified'],

  // ---- question bank ----
  [
    'this question bank is not yours: buy the goods to practise it',
    '该题库需购买后才能练习',
    'Buy this question bank to practise it',
  ],
  [
    'an exam is in progress: practice and reports with its questions open again after you submit',
    '你有考试正在进行，交卷后才能练习或查看这些题目',
    'An exam of yours is in progress: these questions open again after you submit',
  ],
  [
    'this paper is an exam paper: it opens for practice after the exam closes',
    '该试卷正用于考试，考试结束后开放练习',
    'This paper is used by an exam: it opens for practice after the exam closes',
  ],
  ['the attempt is not submitted yet', '尚未交卷，交卷后可查看', 'Not submitted yet: submit to see this'],
  ['no questions to practise ({scope})', '这里还没有可练习的题目', 'There are no questions to practise here'],
  ['could not start the attempt', '开始作答失败，请重试', 'The attempt could not start: try again'],
  [
    'this attempt is already submitted: answers are no longer saved',
    '已交卷，答案不再保存',
    'This attempt is submitted: answers are no longer saved',
  ],

  // ---- exams, appointments, mock exams ----
  [
    '考试尚未开始，开考时间 {time}',
    '考试尚未开始，开考时间 {time}',
    'The exam has not started yet: it opens at {time}',
  ],
  ['考试已结束', '考试已结束', 'The exam has ended'],
  ['考试次数已用完（共 {n} 次）', '考试次数已用完（共 {n} 次）', 'All {n} attempts of this exam are used'],
  ['请先报名该模拟考试', '请先报名该模拟考试', 'Apply for this mock exam first'],
  ['尚未预约考场', '尚未预约考场', 'No exam session booked yet'],
  [
    '请在预约的场次时间内开考（{from} 至 {to}）',
    '请在预约的场次时间内开考（{from} 至 {to}）',
    'Start within your booked session ({from} to {to})',
  ],
  ['预约的场次已结束，请重新预约', '预约的场次已结束，请重新预约', 'Your booked session has ended: book again'],
  ['the exam paper has no questions', '该试卷还没有题目', 'The exam paper has no questions yet'],
  ['还不能继续：{list}', '还不能继续：{list}', 'Not yet: {list}'],
  ['完成必修课程', '完成必修课程', 'Finish the required courses'],
  ['还有 {n} 门必修课未学完：{list}', '还有 {n} 门必修课未学完：{list}', '{n} required courses to finish: {list}'],
  ['完成实名认证', '完成实名认证', 'Certify your identity'],
  [
    '实名认证审核中，通过后才能继续',
    '实名认证审核中，通过后才能继续',
    'Your identity is being reviewed: go on once it passes',
  ],
  ['实名认证未通过，请重新提交', '实名认证未通过，请重新提交', 'Your identity was not approved: submit it again'],
  ['尚未实名认证', '尚未实名认证', 'Identity not certified yet'],
  ['确认个人信息', '确认个人信息', 'Confirm your personal details'],
  ['个人信息已变更，请重新确认', '个人信息已变更，请重新确认', 'Your details changed: confirm them again'],
  [
    '尚未确认个人信息（姓名、身份证号、手机号）',
    '尚未确认个人信息（姓名、身份证号、手机号）',
    'Personal details (name, ID number, phone) not confirmed yet',
  ],
  ['预约考场', '预约考场', 'Book an exam session'],
  ['签署考试承诺书', '签署考试承诺书', 'Sign the exam commitment letter'],
  ['尚未签署考试承诺书', '尚未签署考试承诺书', 'Commitment letter not signed yet'],
  [
    '请先完善姓名和身份证号（完成实名认证后自动填写）再确认',
    '请先完善姓名和身份证号（完成实名认证后自动填写）再确认',
    'Fill in your name and ID number first (identity certification fills them in), then confirm',
  ],
  ['该场次已结束，请选择其他场次', '该场次已结束，请选择其他场次', 'This session has ended: choose another one'],
  ['该场次已约满，请选择其他场次', '该场次已约满，请选择其他场次', 'This session is full: choose another one'],
  ['该预约已取消', '该预约已取消', 'This booking is cancelled'],
  [
    '距开始不足 {n} 小时，已不能改期或取消',
    '距开始不足 {n} 小时，已不能改期或取消',
    'Less than {n} hours before the start: it can no longer be changed or cancelled',
  ],
  ['该考试已结束，不能再预约', '该考试已结束，不能再预约', 'This exam has ended: it can no longer be booked'],
  [
    '你已预约该考试，可改期或取消后再约',
    '你已预约该考试，可改期或取消后再约',
    'You already booked this exam: reschedule or cancel that booking first',
  ],
  [
    '每个预约最多改期 {n} 次，已用完',
    '每个预约最多改期 {n} 次，已用完',
    'A booking can be rescheduled at most {n} times: none left',
  ],
  [
    '只能改到同一考试、同一类型的其他场次',
    '只能改到同一考试、同一类型的其他场次',
    'You can only move to another session of the same exam and kind',
  ],
  [
    '已预约该场次，请选择其他场次',
    '已预约该场次，请选择其他场次',
    'You already booked this session: choose another one',
  ],
  [
    '你已报名该模拟考试，可在“我的报名”中查看、修改或取消',
    '你已报名该模拟考试，可在“我的报名”中查看、修改或取消',
    'You already applied for this mock exam: see, change or cancel it under My applications',
  ],
  ['该报名已取消', '该报名已取消', 'This application is cancelled'],
  [
    '模拟考试已开始，不能取消报名',
    '模拟考试已开始，不能取消报名',
    'The mock exam has started: the application can no longer be cancelled',
  ],
  [
    '模拟考试已开始，不能修改报名',
    '模拟考试已开始，不能修改报名',
    'The mock exam has started: the application can no longer be changed',
  ],
  ['报名尚未开始，将于 {time} 开放报名', '报名尚未开始，将于 {time} 开放报名', 'Applications open at {time}'],
  ['报名已于 {time} 截止', '报名已于 {time} 截止', 'Applications closed at {time}'],
  ['该模拟考试已结束', '该模拟考试已结束', 'This mock exam has ended'],
  [
    'appointmentId: only an exam booking carries the commitment letter',
    '只有考试预约需要签署承诺书',
    'Only an exam booking carries the commitment letter',
  ],
  [
    '该预约已取消，请重新预约后再签署承诺书',
    '该预约已取消，请重新预约后再签署承诺书',
    'This booking is cancelled: book again, then sign the letter',
  ],
  [
    '该场次已结束，不能再签署承诺书',
    '该场次已结束，不能再签署承诺书',
    'This session has ended: the letter can no longer be signed',
  ],
  [
    'signatureUrl: the signature must be an image',
    '签名须为图片，请重新签名',
    'The signature must be an image: sign again',
  ],
  ['subjectId: no such subject', '所选科目不存在，请重新选择', 'The chosen subject does not exist: choose again'],
  ['siteId: no such exam site', '所选考点不存在，请重新选择', 'The chosen exam site does not exist: choose again'],
  [
    'idCard: the check digit does not match: not a valid ID number',
    '身份证号校验位不正确，请核对',
    'The ID number check digit does not match: check it',
  ],
  [
    'idCard: the birth date in it (digits 7-14) is not a real day, or is in the future or before 1900',
    '身份证号中的出生日期（第 7-14 位）不是有效日期，请核对',
    'The birth date in the ID number (digits 7-14) is not a real date: check it',
  ],
  [
    'telPhone: give the phone, site or subject to change',
    '请填写要修改的手机号、考点或科目',
    'Give the phone, site or subject to change',
  ],

  // ---- learning ----
  ['this course is not yours: buy the goods to study it', '购买后即可学习该课程', 'Buy this course to study it'],
  [
    'the play session is closed or unknown: open a new one',
    '播放已断开，请重新打开视频',
    'Playback was interrupted: open the video again',
  ],
  ['{field}: must be a file you uploaded', '文件上传失败，请重新上传', 'The file did not upload: try again'],
  ['{field}: must be an image you uploaded', '请上传图片', 'Upload an image'],
  [
    'this class has ended: choose another one',
    '该班级已结课，请选择其他班级',
    'This class has ended: choose another one',
  ],
  ['this class is full: choose another one', '该班级已满，请选择其他班级', 'This class is full: choose another one'],
  ['this handout is for learners of its goods', '购买后可查看该讲义', 'Buy the course to read this handout'],
  [
    'realName: must not contain control characters',
    '姓名含有无效字符',
    'The name contains characters that are not allowed',
  ],
  [
    'your identity certification is waiting for review: it cannot be replaced now',
    '实名认证正在审核中，暂不能重新提交',
    'Your identity is being reviewed: it cannot be submitted again now',
  ],
  [
    'your identity is already certified: it cannot be replaced',
    '你已完成实名认证，无需重复提交',
    'Your identity is already certified',
  ],
  [
    'your identity certification cannot be replaced now',
    '实名认证当前不能重新提交',
    'Your identity cannot be submitted again now',
  ],
  ['submit your identity certification first', '请先提交实名认证', 'Submit your identity certification first'],
  ['this section is not part of the goods', '该课节不属于此课程', 'This lesson is not part of this course'],
  ['your access to this goods has expired', '学习有效期已过', 'Your study period has ended'],
  ['a photo is due before study goes on', '请先拍照验证，再继续学习', 'Take the check photo to go on studying'],
  [
    '班级“{name}”将于{date}开课，开课后才能学习',
    '班级“{name}”将于{date}开课，开课后才能学习',
    'Class “{name}” starts on {date}: study opens then',
  ],
  [
    '班级“{name}”已于{date}结课，不能继续学习',
    '班级“{name}”已于{date}结课，不能继续学习',
    'Class “{name}” ended on {date}: study is closed',
  ],
  ['尚未购买该商品，购买后即可学习', '尚未购买该商品，购买后即可学习', 'Not bought yet: buy it to study'],
  ['学习有效期已过，不能继续学习', '学习有效期已过，不能继续学习', 'Your study period has ended'],
  [
    '证件照片已保存，本服务不自动识别，请手动填写姓名和身份证号，提交后由人工审核',
    '证件照片已保存，本服务不自动识别，请手动填写姓名和身份证号，提交后由人工审核',
    'The ID photo is saved. It is not read automatically: type your name and ID number; staff review them',
  ],
  ['照片已保存，等待人工审核', '照片已保存，等待人工审核', 'The photo is saved and waits for review by staff'],
  [
    '照片已保存，等待人工比对审核',
    '照片已保存，等待人工比对审核',
    'The photo is saved and waits for comparison by staff',
  ],
  [
    '实名认证资料已提交，等待人工审核',
    '实名认证资料已提交，等待人工审核',
    'Your identity details are submitted and wait for review',
  ],
  [
    'face provider {name} is not configured on this server',
    '人脸核验服务未开通，请联系学校',
    'Face checks are not set up for this school: contact the school',
  ],

  // ---- uploads ----
  ['file too large: at most {n} bytes', '文件太大，请选择更小的文件', 'The file is too large: choose a smaller one'],
  ['file is empty or too small', '文件为空或过小', 'The file is empty or too small'],
  [
    'file: only jpeg, png, webp or gif images are accepted here',
    '只能上传 JPG、PNG、WebP 或 GIF 图片',
    'Only JPEG, PNG, WebP or GIF images can be uploaded here',
  ],
  [
    'file: type not accepted (images, pdf or mp4)',
    '不支持该文件类型（支持图片、PDF、MP4）',
    'This file type is not accepted (images, PDF or MP4)',
  ],
  ['policy expired', '上传已过期，请重新上传', 'The upload expired: upload again'],
  ['file: send a multipart form with the field file', ...UPLOAD_FAILED],
  ['content-type: application/x-www-form-urlencoded is not accepted here', ...UPLOAD_FAILED],
  ['imageStatus: must be 0 or 1', ...UPLOAD_FAILED],
  ['object: not an upload key', ...UPLOAD_FAILED],
  ['object: no such learner in this tenant', ...UPLOAD_FAILED],
  ['object: no stored file of that size', ...UPLOAD_FAILED],
  ['callback signature is invalid', ...UPLOAD_FAILED],
  ['bucket: not this store', ...UPLOAD_FAILED],
  ['size: the stored file is empty', ...UPLOAD_FAILED],
  ...['key', 'OSSAccessKeyId', 'policy', 'Signature', 'callback', 'file'].map(
    (name): Entry => [`${name} is required`, ...UPLOAD_FAILED],
  ),
  ['OSSAccessKeyId is not known', ...UPLOAD_FAILED],
  ['Signature does not match the policy', ...UPLOAD_FAILED],
  ['key: outside the upload area', ...UPLOAD_FAILED],
  ['key: not a valid object name', ...UPLOAD_FAILED],
  ['send a multipart form', ...UPLOAD_FAILED],
  ['{name}: too long', ...UPLOAD_FAILED],
  ['the file field must be named file', ...UPLOAD_FAILED],
  ['callback: base64 JSON with callbackUrl and callbackBody is required', ...UPLOAD_FAILED],
  ['callback: callbackBodyType is not supported', ...UPLOAD_FAILED],
  ['host: the request has no valid host', ...UPLOAD_FAILED],
  ['policy: not base64 JSON', ...UPLOAD_FAILED],
  ['policy: expiration and conditions are required', ...UPLOAD_FAILED],
  ['policy condition on {name} is not supported', ...UPLOAD_FAILED],
  ['policy condition failed: {a}', ...UPLOAD_FAILED],
  ['policy condition is not supported', ...UPLOAD_FAILED],
  ['object store refused the upload ({status})', ...UPLOAD_FAILED],
  ['object store refused the upload', ...UPLOAD_FAILED],
  ['malformed multipart body: {why}', ...UPLOAD_FAILED],

  // ---- the envelope's own answers ----
  [
    '{field}: contains a NUL character (U+0000), which cannot be stored',
    '内容包含无法保存的字符，请修改后重试',
    'The text contains a character that cannot be stored: change it and try again',
  ],
  ['internal server error', '服务器开小差了，请稍后再试', 'Something went wrong on the server: try again later'],
  ['not found: {method} {path}', '请求的内容不存在', 'What was asked for does not exist'],
  ['not found', '请求的内容不存在', 'What was asked for does not exist'],
  // messages (docs/DECISIONS.md "Messages"): mark-read body, the staff desk's announcements
  ['name the messages to mark read, or all', '请选择要标为已读的消息', 'Choose the messages to mark as read'],
  ['announcement title must be 1 to 200 characters', '公告标题需为 1-200 个字', 'The title needs 1 to 200 characters'],
  ['announcement text must be 1 to 5000 characters', '公告内容需为 1-5000 个字', 'The text needs 1 to 5000 characters'],
  [
    'pageNum and pageSize must be whole numbers (pageSize up to 100)',
    '页码或每页条数有误',
    'The page number or page size is not valid',
  ],
  ['not available: {method} {path}', '该功能当前不可用', 'This is not available'],
  ['bad request', ...RELOAD],
  // ---- staff console and staff desk (docs/DECISIONS.md "Console"): staff read these in the console ----
  ['staff sign-in required', '请先登录管理后台', 'Sign in to the console first'],
  [
    'x-staff-token: the staff token is wrong or not enabled on this server',
    '运营口令错误或本服务器未启用',
    'The staff token is wrong or not enabled on this server',
  ],
  [
    'this account is not a staff account',
    '该账号不是本校工作人员账号，不能登录管理后台',
    'This account is not a staff account of this school: it cannot use the console',
  ],
  ['your staff role may not do this', '你的岗位没有此项权限', 'Your staff role may not do this'],
  ['you cannot change your own staff role', '不能修改自己的岗位', 'You cannot change your own staff role'],
  ['no account with that id in this school', '本校没有该账号', 'This school has no such account'],
  ['userId: must be a positive whole number', '账号编号有误', 'The account number is not valid'],
  ['account: must be 1-64 characters', '请输入1-64位的账号或手机号', 'Enter an account or phone of 1-64 characters'],
  [
    'staffRole: must be one of teacher, manager, assistant, or empty (no role)',
    '岗位只能是讲师、管理员、助教或无',
    'The role must be teacher, manager, assistant or none',
  ],
  [
    'the console is not built on this server (npm run build:console)',
    '管理后台尚未构建（npm run build:console）',
    'The console is not built on this server (npm run build:console)',
  ],
  ['no requested invoice with that id', '没有待开具的该发票', 'There is no requested invoice with that number'],
  [
    'no certification waiting for review for that user',
    '该学员没有待审核的实名认证',
    'This learner has no identity certification waiting for review',
  ],
  [
    'this ID number is bound to another account: reject the certification',
    '该身份证号已绑定其他账号，请驳回此实名认证',
    'This ID number is bound to another account: reject the certification',
  ],
  [
    'this is a section test: it opens once you have finished its lesson',
    '这是章节测试，学完对应课节后开放',
    'This is a section test: it opens once you have finished its lesson',
  ],
  ['no photo waiting for review with that id', '该照片不在待审核列表中', 'This photo is not waiting for review'],
  ['no valid certificate with that serial', '没有该编号的有效证书', 'There is no valid certificate with that number'],
  // ---- live classes (docs/DECISIONS.md "Live — data"): the room calls and the live staff desk ----
  ['live channel not found', '直播间不存在或已关闭', 'This live room does not exist or is closed'],
  ['live session not found', '该场直播不存在', 'This live class does not exist'],
  ['buy the course to enter this live class', '购买课程后即可进入直播间', 'Buy the course to enter this live class'],
  [
    'apply for the mock exam to enter its live class',
    '报名该模拟考试后即可进入讲评直播',
    'Apply for the mock exam to enter its live class',
  ],
  ['this class has no playback yet', '该场直播暂无回放', 'This class has no playback yet'],
  ['beforeId and afterId cannot be used together', ...RELOAD],
  ['channelId: must be a positive whole number', '直播间编号有误', 'The live room number is not valid'],
  ['no live channel with that id in this school', '本校没有该直播间', 'This school has no such live room'],
  [
    'title, startTime and endTime are required: a title of 1-100 characters and times in Unix seconds',
    '请填写1-100字的标题以及开始、结束时间',
    'Give a title of 1-100 characters and the start and end times',
  ],
  [
    'endTime: a class ends after it starts and lasts at most 12 hours',
    '结束时间须晚于开始时间，且单场直播不超过12小时',
    'A class must end after it starts and last at most 12 hours',
  ],
  ['endTime: the class must end in the future', '结束时间不能早于当前时间', 'The class must end in the future'],
  ['sessionId: must be a positive whole number', '直播场次编号有误', 'The class number is not valid'],
  ['no such class in this room', '该直播间没有这一场直播', 'This live room has no such class'],
  [
    'no class to push to in this room: schedule one first',
    '该直播间没有可推流的直播，请先排一场直播',
    'This live room has no class to push to: schedule one first',
  ],
  // ---- notes and Q and A (docs/DECISIONS.md "Notes", "Questions and answers") ----
  ['content is required', '请填写内容', 'Write something first'],
  ['give sectionId or questionId', '请选择笔记所属的课节或题目', 'Choose the lesson or question the note is about'],
  [
    'videoTime is required with sectionId',
    '缺少视频时间点，请在播放页记笔记',
    'The video time is missing: take the note on the player',
  ],
  ['videoTime must be 0 or more', '视频时间点有误', 'The video time is not valid'],
  ['month must be YYYY-MM', '月份有误', 'The month is not valid'],
  ['beginDate must be YYYY-MM-DD', '开始日期有误', 'The start date is not valid'],
  ['endDate must be YYYY-MM-DD', '结束日期有误', 'The end date is not valid'],
  ['beginDate and endDate go together', '请同时选择开始和结束日期', 'Choose both a start and an end date'],
  ['beginDate must not be after endDate', '开始日期不能晚于结束日期', 'The start date cannot be after the end date'],
  ['the date range is at most {n} days', '日期范围最多 {n} 天', 'The date range is at most {n} days'],
  [
    'give courseId (or sectionId) or questionId',
    '请选择要提问的课程或题目',
    'Choose the course or question you are asking about',
  ],
  [
    'a teacher has replied: this question can no longer be edited',
    '老师已回复，提问不能再修改，可以继续提新问题',
    'A teacher has replied: this question can no longer be edited, ask a new one instead',
  ],
  ['status is 0, 1 or all; pageSize 1-50', ...RELOAD],
  ['answerId: must be a positive whole number', '提问编号有误', 'The question number is not valid'],
  ['content: a reply of 1-{n} characters is required', '请填写1-{n}字的回复', 'Write a reply of 1-{n} characters'],
  // ---- the teacher's live console (docs/DECISIONS.md "Live — teacher console"): the question picker ----
  [
    'bankId is required; type is 1, 2 or 3; keyword at most 50 characters; pageSize 1-50',
    '请选择题库；题型只能是单选、多选或判断；关键词不超过50字',
    'Choose a question bank; the type is single, multiple or judgement; a keyword of at most 50 characters',
  ],
  // ---- live interactions (docs/DECISIONS.md "Live — interactions"): the learner's points ----
  [
    'pageNum and pageSize: whole numbers, pageSize 1 to 100',
    '页码有误，每页1-100条',
    'The page number or size is not valid (1 to 100 rows a page)',
  ],
  // ---- enrolment profiles and stamp words (docs/DECISIONS.md "Enrolment profile and stamp words") ----
  ['this goods collects no enrolment profile', '该课程无需填写报名资料', 'This course needs no enrolment profile'],
  [
    'the school has locked this profile: it can no longer be changed',
    '学校已审核锁定该报名资料，不能再修改',
    'The school has locked this profile: it can no longer be changed',
  ],
  [
    'you do not hold this goods: buy it to fill in its profile',
    '购买该课程后才能填写报名资料',
    'Buy this course to fill in its enrolment profile',
  ],
  [
    'you already have a profile for this goods: edit it',
    '你已填写过该课程的报名资料，请修改原资料',
    'You already have a profile for this course: edit it',
  ],
  // the school's review (staff desk, modules/profile/staff.ts)
  ['status 0-3, goodsId a number, pageSize up to 100', '筛选条件有误', 'The filter is not valid'],
  [
    'action is lock or return; remark at most 200 characters',
    '请选择通过或退回，备注不超过200字',
    'Choose lock or return; a note of at most 200 characters',
  ],
  ['remark: say what the learner should change', '退回时请写明需要修改的内容', 'Say what the learner should change'],
  [
    'only a submitted profile can be locked or returned',
    '只有已提交的报名资料可以审核',
    'Only a submitted profile can be locked or returned',
  ],
  ['values.{key}: {label} is required', '请填写{label}', 'Fill in {label}'],
  ['values.{key}: {label} is not a valid ID number', '{label}不是有效的身份证号', '{label} is not a valid ID number'],
  [
    'values.{key}: {label} must be an 11-digit mobile number',
    '{label}应为 11 位手机号',
    '{label} must be an 11-digit mobile number',
  ],
  ['values.{key}: {label} must be a date (YYYY-MM-DD)', '请选择正确的{label}', 'Choose a valid date for {label}'],
  ['values.{key}: {label} must be one of the choices', '请从选项中选择{label}', 'Choose {label} from the list'],
  ['values.{key}: {label} must be an uploaded image', '请上传{label}图片', 'Upload an image for {label}'],
  ['at most 50 fields', '资料项过多', 'Too many fields'],
  ['words is required', '请抄写承诺内容', 'Copy out the statement'],
  [
    'words: copy the statement exactly as shown',
    '抄写内容与承诺原文不一致，请逐字抄写',
    'Copy the statement exactly as shown',
  ],
  [
    'the words are already copied: change them with edit',
    '你已抄写过承诺内容，可修改后重新提交',
    'You already copied the statement: change it instead',
  ],
  ['copy the words first', '请先抄写承诺内容', 'Copy out the statement first'],
  [
    'signatureUrl: this profile needs your handwritten signature',
    '该资料需要手写签名，请先签名',
    'This profile needs your handwritten signature: sign first',
  ],
  // ---- study plans (docs/DECISIONS.md "Study plans") ----
  ['plan not found', '学习计划不存在或已删除', 'This study plan does not exist or was deleted'],
  ['plan name is required', '请填写计划名称', 'Enter a name for the plan'],
  ['plan name must be at most 30 characters', '计划名称最多 30 个字', 'The plan name can have at most 30 characters'],
  ['startDate must be YYYY-MM-DD', '请选择正确的开始日期', 'Choose a valid start date'],
  ['endDate must be YYYY-MM-DD', '请选择正确的结束日期', 'Choose a valid end date'],
  ['startDate is not a real date', '请选择正确的开始日期', 'Choose a valid start date'],
  ['endDate is not a real date', '请选择正确的结束日期', 'Choose a valid end date'],
  ['endDate must not be before startDate', '结束日期不能早于开始日期', 'The end date cannot be before the start date'],
  ['a plan spans at most 366 days', '计划时长最多一年（366 天）', 'A plan can last at most a year (366 days)'],
  ['a calendar range spans at most 62 days', '一次最多查看 62 天', 'Look at most 62 days at a time'],
  ['choose at least one weekday', '请至少选择一个学习日', 'Choose at least one study day of the week'],
  [
    'no chosen weekday falls between the dates',
    '所选日期范围内没有选中的学习日',
    'None of the chosen weekdays falls between the dates',
  ],
  [
    'add at least one course or question bank',
    '请至少添加一门课程或一个题库',
    'Add at least one course or question bank',
  ],
  ['at most 10 items in a plan', '一个计划最多 10 项内容', 'A plan can have at most 10 items'],
  ['courseId is required for a course item', '请选择课程', 'Choose a course'],
  ['bankId is required for a bank item', '请选择题库', 'Choose a question bank'],
  [
    'a course item counts minutes or sections',
    '课程目标只能按分钟或节数计',
    'A course target counts minutes or lessons',
  ],
  ['a bank item counts questions', '题库目标按题数计', 'A question bank target counts questions'],
  ['minutes a day must be 5-600', '每天学习分钟数应为 5-600', 'Minutes a day must be 5 to 600'],
  ['sections a day must be 1-50', '每天学习节数应为 1-50', 'Lessons a day must be 1 to 50'],
  ['questions a day must be 1-500', '每天练习题数应为 1-500', 'Questions a day must be 1 to 500'],
  ['this item is listed twice', '同一课程或题库不能重复添加', 'The same course or bank is listed twice'],
  ['this field is required', '请填写完整的计划内容', 'Fill in the whole plan'],
  ['startDate: the plan cannot start before today', '开始日期不能早于今天', 'The plan cannot start before today'],
  ['endDate: the plan cannot end before today', '结束日期不能早于今天', 'The plan cannot end before today'],
  [
    'goodsId: you do not hold this goods: buy it to plan your study of it',
    '你尚未购买该课程或已过期，购买后才能制定学习计划',
    'You do not hold this course (or it expired): buy it to plan your study',
  ],
  ['this course is not part of the goods', '该课程不属于所选商品', 'This course is not part of the chosen item'],
  [
    'this question bank is not part of the goods',
    '该题库不属于所选商品',
    'This question bank is not part of the chosen item',
  ],
  [
    'you have 20 plans that have not ended: delete one before adding another',
    '进行中和未开始的计划最多 20 个，请先删除一个',
    'You have 20 plans that have not ended: delete one before adding another',
  ],
  // ---- course extras (docs/DECISIONS.md "Course extras") ----
  ['学时达标', '学时达标', 'Reach the required study hours'],
  ['通过随堂测试', '通过随堂测试', 'Pass the section tests'],
  ['通过考试：{name}', '通过考试：{name}', 'Pass the exam: {name}'],
  [
    'prompt: key (lower-case letters, digits, -), title (1 to 100 characters) and content (1 to 20000 characters) are required',
    '请填写提示的名称（小写字母、数字或 -）、标题（1-100 字）和内容（1-20000 字）',
    'A prompt needs a key (lower-case letters, digits, -), a title (1 to 100 characters) and content (1 to 20000 characters)',
  ],
  [
    'prompt: key (lower-case letters, digits, -) is required',
    '请填写提示的名称（小写字母、数字或 -）',
    'A prompt key (lower-case letters, digits, -) is required',
  ],
  [
    'key must be lower-case letters, digits or -',
    '提示的名称有误',
    'The prompt name must be lower-case letters, digits or -',
  ],
  // ---- scan login (docs/DECISIONS.md "Scan login") ----
  [
    'scan code not found',
    '二维码无效，请在电脑上刷新二维码后重新扫码',
    'This QR code is not valid: refresh it on the computer and scan again',
  ],
  [
    'scan code has expired',
    '二维码已过期，请在电脑上刷新二维码后重新扫码',
    'This QR code has expired: refresh it on the computer and scan again',
  ],
  [
    'scan code has already been used',
    '该二维码已使用，请在电脑上刷新二维码',
    'This QR code was already used: refresh it on the computer',
  ],
  [
    'scan code was cancelled',
    '本次登录已取消，请在电脑上刷新二维码',
    'This sign-in was cancelled: refresh the QR code on the computer',
  ],
  [
    'scan code was scanned by another account',
    '该二维码已被其他账号扫描',
    'This QR code was scanned by another account',
  ],
  ['scan the code before confirming', '请先扫描二维码再确认登录', 'Scan the QR code before confirming'],
  [
    'too many scan codes from this address: retry in a few minutes',
    '二维码获取太频繁，请几分钟后再试',
    'Too many QR codes were asked for from this network: try again in a few minutes',
  ],
  ['ticket must be the code of a scan login QR', '二维码无效，请重新扫码', 'This is not a sign-in QR code: scan again'],
  [
    'pollKey must be the key given with the ticket',
    '二维码无效，请刷新后重试',
    'This QR code is not valid: refresh it',
  ],
  ['pollKey is required with a ticket', '二维码无效，请刷新后重试', 'This QR code is not valid: refresh it'],
  // ---- account extras (issue 17; docs/DECISIONS.md "Account extras") ----
  [
    'idCard: this ID number is bound to another account',
    '该身份证号已绑定其他账号',
    'This ID number is bound to another account',
  ],
  [
    "only the school's managers may edit the school profile",
    '只有学校的管理人员可以修改学校信息',
    "Only the school's managers may edit the school profile",
  ],
  ['address must be at most 200 characters', '地址最多 200 个字', 'The address can have at most 200 characters'],
  [
    'intro must be at most 2000 characters',
    '学校简介最多 2000 个字',
    'The introduction can have at most 2000 characters',
  ],
  [
    'this order has not been paid: it has no receipt',
    '该订单未支付，没有支付凭证',
    'This order has not been paid: it has no receipt',
  ],
  [
    'the video provider did not answer: try again',
    '视频服务暂时无法连接，请稍后重试',
    'The video service did not answer: try again',
  ],
  [
    'polyv is not the video provider of this school',
    '本校未使用保利威视频服务',
    'This school does not use polyv for its videos',
  ],
  // ---- WeChat login and binding (docs/DECISIONS.md "WeChat login and binding") ----
  [
    'the WeChat code is invalid or expired, try again',
    '微信授权已失效，请重试',
    'The WeChat authorisation is invalid or has expired: try again',
  ],
  [
    'the WeChat code was already used, try again',
    '微信授权已使用，请重试',
    'The WeChat authorisation was already used: try again',
  ],
  [
    'open the page in WeChat itself (not a preview) to log in',
    '请在微信中打开完整页面后再登录',
    'Open the full page in WeChat (not a preview) to log in',
  ],
  ['WeChat is busy: try again in a moment', '微信服务繁忙，请稍后再试', 'WeChat is busy: try again in a moment'],
  ['WeChat login is not set up for this school', '本校暂未开通微信登录', 'WeChat login is not set up for this school'],
  [
    "the school's WeChat app is not set up correctly",
    '本校微信登录配置有误，请联系学校',
    "The school's WeChat login is not set up correctly: contact the school",
  ],
  [
    'WeChat did not answer as expected: try again',
    '微信服务暂时无法连接，请稍后重试',
    'WeChat did not answer as expected: try again',
  ],
  [
    'this WeChat account is already bound to another account',
    '该微信已绑定其他账号',
    'This WeChat account is already bound to another account',
  ],
  [
    'this account is already bound to another WeChat account',
    '该账号已绑定其他微信',
    'This account is already bound to another WeChat account',
  ],
  [
    'the WeChat login has expired, start again',
    '微信登录已过期，请重新点击微信登录',
    'The WeChat login has expired: start again',
  ],
  ['code must be the code WeChat gave', '微信授权无效，请重试', 'The WeChat authorisation is not valid: try again'],
  [
    'bindTicket must be the ticket of the WeChat login',
    '微信登录已过期，请重新点击微信登录',
    'The WeChat login has expired: start again',
  ],
  ['url must be the http(s) address of the page', '页面地址无效', 'The page address is not valid'],
  ['url must be at most 2048 characters', '页面地址过长', 'The page address is too long'],
  [
    "this page is not on one of the school's sites",
    '该页面不在本校的网站上',
    "This page is not on one of the school's sites",
  ],
  ...NOT_FOUND.map(([what, zh, en]): Entry => [`${what} not found`, zh, en]),
]

/** Field names of the contract a learner fills in, for a rule without its own entry. */
const FIELD_LABEL: Record<string, readonly [zh: string, en: string]> = {
  telPhone: ['手机号', 'Phone number'],
  phone: ['手机号', 'Phone number'],
  account: ['账号', 'Account'],
  password: ['密码', 'Password'],
  newPassword: ['新密码', 'New password'],
  oldPassword: ['原密码', 'Old password'],
  code: ['验证码', 'Code'],
  inviteCode: ['邀请码', 'Invitation code'],
  realName: ['姓名', 'Name'],
  name: ['姓名', 'Name'],
  nickName: ['昵称', 'Nickname'],
  idCard: ['身份证号', 'ID number'],
  email: ['邮箱', 'Email'],
  birthday: ['出生日期', 'Birthday'],
  sex: ['性别', 'Gender'],
  address: ['地址', 'Address'],
  school: ['学校', 'School'],
  major: ['专业', 'Major'],
  education: ['学历', 'Education'],
  graduationDate: ['毕业时间', 'Graduation date'],
  title: ['发票抬头', 'Invoice title'],
  taxNo: ['税号', 'Tax number'],
  reason: ['原因', 'Reason'],
  content: ['内容', 'Content'],
  remark: ['备注', 'Note'],
}

/** The plain sentence of a code, for a message the catalogue does not know. */
const BY_CODE: Record<number, readonly [zh: string, en: string]> = {
  400: ['提交的内容有误，请检查后重试', 'Something you sent is not right: check it and try again'],
  401: ['请先登录', 'Please log in first'],
  403: ['没有权限进行此操作', 'You are not allowed to do this'],
  404: ['请求的内容不存在', 'What was asked for does not exist'],
  409: ['内容已变化，请刷新后重试', 'Something changed meanwhile: reload and try again'],
  429: ['操作太频繁，请稍后再试', 'Too many requests: try again later'],
  500: ['服务器开小差了，请稍后再试', 'Something went wrong on the server: try again later'],
  501: ['该功能当前不可用', 'This is not available'],
}
const REDIRECT = 699
const OTHER: readonly [zh: string, en: string] = ['操作未能完成，请稍后再试', 'That could not be done: try again later']

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
  entry: Entry
  vars: Record<string, string>
}

/** The catalogue entry of a message (the whole message first, then its rule without `<field>: `). */
export function findRefusal(msg: string): Match | null {
  const tries = [msg]
  const rule = FIELD_RULE.exec(msg)
  if (rule) tries.push(rule[2]!)
  // exact entries before patterns, so '{field}: …' never shadows a rule's own entry
  for (const group of [EXACT, PATTERNS])
    for (const text of tries)
      for (const c of group) {
        const m = c.re.exec(text)
        if (m) return { entry: c.entry, vars: Object.fromEntries(c.names.map((n, i) => [n, m[i + 1] ?? ''])) }
      }
  return null
}

const fill = (template: string, vars: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole)

/**
 * `msg` in `lang` (null: as written). `code` picks the plain sentence for a message the catalogue lacks —
 * only when the message is not in the learner's language already.
 */
export function localize(msg: string, lang: Lang | null | undefined, code = 400): string {
  // 699 carries a URL for the app to open, not words
  if (!lang || !msg || code === REDIRECT) return msg
  const hit = findRefusal(msg)
  if (hit) return fill(lang === 'en' ? hit.entry[2] : hit.entry[1], hit.vars)
  const cjk = CJK.test(msg)
  if (lang === 'en' ? !cjk : cjk) return msg
  const field = FIELD_RULE.exec(msg)?.[1]?.split('.').pop()
  const label = field ? FIELD_LABEL[field] : undefined
  if (label && code === 400) return lang === 'en' ? `${label[1]}: not valid` : `${label[0]}填写有误`
  const plain = BY_CODE[code] ?? OTHER
  return lang === 'en' ? plain[1] : plain[0]
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
