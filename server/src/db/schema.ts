/**
 * pg-core schema shared by both drivers (PGlite and node-postgres). Keep SQL to PostgreSQL 15.
 * Every tenant-owned table carries `tenant_id`; queries on them go through `TenantScope` (../http/scope.ts).
 */
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const created = () => ts('created_at').notNull().defaultNow()
const tenantId = () =>
  bigint('tenant_id', { mode: 'number' })
    .notNull()
    .references(() => tenant.id)

export const tenant = pgTable('tenant', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  status: integer('status').notNull().default(1),
  createdAt: created(),
})

export const tenantHost = pgTable('tenant_host', {
  host: varchar('host', { length: 253 }).primaryKey(),
  tenantId: tenantId(),
})

export const sysUser = pgTable(
  'sys_user',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userAccount: varchar('user_account', { length: 64 }).notNull(),
    telPhone: varchar('tel_phone', { length: 11 }).notNull(),
    passwordHash: text('password_hash'),
    nickName: varchar('nick_name', { length: 30 }).notNull().default(''),
    realName: varchar('real_name', { length: 30 }).notNull().default(''),
    avatar: varchar('avatar', { length: 500 }).notNull().default(''),
    sex: varchar('sex', { length: 1 }).notNull().default('2'),
    birthday: varchar('birthday', { length: 10 }).notNull().default(''),
    idCard: varchar('id_card', { length: 18 }).notNull().default(''),
    eduLevel: varchar('edu_level', { length: 30 }).notNull().default(''),
    school: varchar('school', { length: 60 }).notNull().default(''),
    major: varchar('major', { length: 60 }).notNull().default(''),
    graduationDate: varchar('graduation_date', { length: 10 }).notNull().default(''),
    shareActivityCode: varchar('share_activity_code', { length: 32 }).notNull().default(''),
    inviteCode: varchar('invite_code', { length: 32 }).notNull().default(''),
    /** live-room role set by staff: '' (a learner) | teacher | manager | assistant (LIVE_STAFF_ROLES) */
    staffRole: varchar('staff_role', { length: 16 }).notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('sys_user_tenant_account_uq').on(t.tenantId, t.userAccount),
    uniqueIndex('sys_user_tenant_phone_uq').on(t.tenantId, t.telPhone),
  ],
)

export const userToken = pgTable(
  'user_token',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** sha256 of the opaque token; the token itself is never stored */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    deviceUuid: varchar('device_uuid', { length: 64 }).notNull().default(''),
    /** active | displaced (answers 409) | revoked | rotated */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    refreshUntil: ts('refresh_until').notNull(),
  },
  (t) => [index('user_token_user_idx').on(t.tenantId, t.userId)],
)

export const userLock = pgTable(
  'user_lock',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    action: varchar('action', { length: 32 }).notNull(),
    uuid: varchar('uuid', { length: 64 }).notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_lock_uq').on(t.tenantId, t.userId, t.action, t.uuid)],
)

export const smsCode = pgTable(
  'sms_code',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    telPhone: varchar('tel_phone', { length: 11 }).notNull(),
    scene: varchar('scene', { length: 16 }).notNull(),
    code: varchar('code', { length: 6 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    usedAt: ts('used_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [
    index('sms_code_phone_idx').on(t.tenantId, t.telPhone, t.createdAt),
    index('sms_code_ip_idx').on(t.ip, t.createdAt),
  ],
)

export const captcha = pgTable('captcha', {
  uuid: varchar('uuid', { length: 64 }).primaryKey(),
  tenantId: tenantId(),
  /** lower-cased answer; single use */
  text: varchar('text', { length: 16 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
})

/**
 * Password attempts per account (services/login-guard.ts): one row per tenant + subject while its window is
 * open. `attempts` counts every password attempt of the window (a success deletes the row); more than the
 * limit refuses password logins of the subject until `window_start` + the window.
 */
export const loginGuard = pgTable(
  'login_guard',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** `u<userId>` for an account, `a<identifier>` for an account name that does not exist */
    subject: varchar('subject', { length: 80 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: ts('window_start').notNull(),
  },
  (t) => [
    uniqueIndex('login_guard_subject_uq').on(t.tenantId, t.subject),
    index('login_guard_window_idx').on(t.windowStart),
  ],
)

/**
 * Skip-login signs already exchanged (docs/DECISIONS.md "Session", "Hardening III"): a sign logs in once. The row is
 * inserted (ON CONFLICT DO NOTHING) in the transaction that issues the login token, so of two redemptions, on any
 * process, exactly one inserts it. `digest` is the sha256 of the sign's signed payload; rows are swept once expired.
 */
export const usedSign = pgTable(
  'used_sign',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    digest: varchar('digest', { length: 64 }).notNull(),
    /** the sign's own expiry: after it the sign is refused anyway, and the row is swept */
    expiresAt: ts('expires_at').notNull(),
    /** when it was exchanged */
    createdAt: created(),
  },
  (t) => [uniqueIndex('used_sign_uq').on(t.tenantId, t.digest), index('used_sign_expires_idx').on(t.expiresAt)],
)

/**
 * How far the demo seed has brought this database (server/src/seed/index.ts `SEED_VERSION`): one row. A start whose
 * version matches skips the seed's fill-if-missing checks (docs/DECISIONS.md "First start"), so content a school
 * removed on purpose is not put back, and a warm start does no seed work.
 */
export const seedState = pgTable('seed_state', {
  id: integer('id').primaryKey(),
  version: varchar('version', { length: 64 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const config = pgTable(
  'config',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    configKey: varchar('config_key', { length: 64 }).notNull(),
    configValue: text('config_value').notNull(),
  },
  (t) => [uniqueIndex('config_tenant_key_uq').on(t.tenantId, t.configKey)],
)

export const dictData = pgTable(
  'dict_data',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    dictType: varchar('dict_type', { length: 64 }).notNull(),
    dictLabel: varchar('dict_label', { length: 100 }).notNull(),
    dictValue: varchar('dict_value', { length: 100 }).notNull(),
    dictSort: integer('dict_sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('dict_data_type_idx').on(t.tenantId, t.dictType)],
)

export const advertising = pgTable(
  'advertising',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    location: varchar('location', { length: 32 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    image: varchar('image', { length: 500 }).notNull(),
    linkUrl: varchar('link_url', { length: 500 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('advertising_location_idx').on(t.tenantId, t.location)],
)

export const homeItem = pgTable('home_item', {
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  name: varchar('name', { length: 30 }).notNull(),
  icon: varchar('icon', { length: 500 }).notNull(),
  linkUrl: varchar('link_url', { length: 500 }).notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
})

export const consultation = pgTable(
  'consultation',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    /** sanitised at write time (and again at read time) */
    content: text('content').notNull(),
    published: boolean('published').notNull().default(true),
    publishTime: ts('publish_time').notNull().defaultNow(),
    views: integer('views').notNull().default(0),
    /** its category (docs/DECISIONS.md "News"); null = uncategorised (shown under "all" only) */
    categoryId: integer('category_id').references(() => consultationCategory.id),
  },
  (t) => [
    index('consultation_list_idx').on(t.tenantId, t.published, t.publishTime),
    index('consultation_category_idx').on(t.tenantId, t.categoryId, t.publishTime),
  ],
)

export const informUser = pgTable(
  'inform_user',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** what wrote it (services/inform.ts INFORM_KINDS): welcome, order, refund, invoice, exam, certificate, answer, plan, identity, profile, notice */
    kind: varchar('kind', { length: 20 }).notNull().default('notice'),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    /** an app route the message opens (e.g. /pages2/order/index), '' for none */
    link: varchar('link', { length: 300 }).notNull().default(''),
    /** a tenant announcement sent by staff: the same id on every learner's copy */
    noticeId: integer('notice_id'),
    readStatus: integer('read_status').notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    index('inform_user_unread_idx').on(t.tenantId, t.userId, t.readStatus),
    index('inform_user_list_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
)

// ---- shop (docs/DECISIONS.md "Shop"): catalogue, cart, orders, entitlements, invoices ----

export const educationType = pgTable('education_type', {
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  name: varchar('name', { length: 50 }).notNull(),
  sort: integer('sort').notNull().default(0),
  status: integer('status').notNull().default(1),
})

export const business = pgTable(
  'business',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    educationTypeId: integer('education_type_id')
      .notNull()
      .references(() => educationType.id),
    name: varchar('name', { length: 50 }).notNull(),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('business_type_idx').on(t.tenantId, t.educationTypeId)],
)

export const subject = pgTable(
  'subject',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    businessId: integer('business_id')
      .notNull()
      .references(() => business.id),
    name: varchar('name', { length: 50 }).notNull(),
    /** course project type ids: 1 recorded course, 2 question bank, 3 live */
    projectList: integer('project_list').array().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('subject_business_idx').on(t.tenantId, t.businessId)],
)

export const teacher = pgTable('teacher', {
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  name: varchar('name', { length: 30 }).notNull(),
  title: varchar('title', { length: 100 }).notNull().default(''),
  avatar: varchar('avatar', { length: 500 }).notNull().default(''),
  intro: text('intro').notNull().default(''),
  sort: integer('sort').notNull().default(0),
})

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** 1 course, 2 question bank, 3 live, 4 package */
    goodsType: integer('goods_type').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    /** integer cents */
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
    educationTypeId: integer('education_type_id').notNull(),
    businessId: integer('business_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** sanitised at write time (and again at read time) */
    description: text('description').notNull().default(''),
    /** 0 = no expiry */
    validityDays: integer('validity_days').notNull().default(365),
    handoutCount: integer('handout_count').notNull().default(0),
    /** study settings (course goods): refuse seeking beyond the furthest watched point until a section is finished */
    antiSkip: boolean('anti_skip').notNull().default(true),
    /** a photo before the first play of each section */
    photoAtStart: boolean('photo_at_start').notNull().default(false),
    /** photos at this many random points of each section */
    photoRandomCount: integer('photo_random_count').notNull().default(0),
    tags: text('tags').array().notNull().default([]),
    buyCount: integer('buy_count').notNull().default(0),
    /** 1 on shelf, 0 off shelf */
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    /** a newer edition the school replaced this goods with (docs/DECISIONS.md "Course extras"); null = current */
    replacedById: integer('replaced_by_id').references((): AnyPgColumn => goods.id),
    /** continuing education: study hours (seconds credited) the assessment asks for; 0 = no hour target */
    requiredSeconds: integer('required_seconds').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('goods_list_idx').on(t.tenantId, t.status, t.sort)],
)

export const goodsPackageItem = pgTable(
  'goods_package_item',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    packageId: integer('package_id')
      .notNull()
      .references(() => goods.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('goods_package_item_uq').on(t.tenantId, t.packageId, t.goodsId)],
)

export const goodsTeacher = pgTable(
  'goods_teacher',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teacher.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('goods_teacher_uq').on(t.tenantId, t.goodsId, t.teacherId)],
)

export const course = pgTable('course', {
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  name: varchar('name', { length: 100 }).notNull(),
  intro: text('intro').notNull().default(''),
  cover: varchar('cover', { length: 500 }).notNull().default(''),
  teacherId: integer('teacher_id').references(() => teacher.id),
  sort: integer('sort').notNull().default(0),
})

export const goodsCourse = pgTable(
  'goods_course',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id),
    /** must be finished before the exam */
    required: boolean('required').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('goods_course_uq').on(t.tenantId, t.goodsId, t.courseId)],
)

export const courseChapter = pgTable(
  'course_chapter',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('course_chapter_course_idx').on(t.tenantId, t.courseId)],
)

export const courseSection = pgTable(
  'course_section',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapter.id),
    name: varchar('name', { length: 100 }).notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** the video: a file name under the local media folder, or the provider's vid */
    videoId: varchar('video_id', { length: 100 }).notNull().default(''),
    /** free to try */
    audition: boolean('audition').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** the section test (随堂测试): a paper the learner takes after the lesson; null = none */
    testPaperId: integer('test_paper_id').references((): AnyPgColumn => paper.id),
  },
  (t) => [index('course_section_chapter_idx').on(t.tenantId, t.chapterId)],
)

/** Distribution (a distributor's recommend code) and share activities: landing goods at an activity price. */
export const goodsActivity = pgTable(
  'goods_activity',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    kind: varchar('kind', { length: 16 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    status: integer('status').notNull().default(1),
    endsAt: ts('ends_at'),
  },
  (t) => [uniqueIndex('goods_activity_code_uq').on(t.tenantId, t.code)],
)

export const goodsActivityItem = pgTable(
  'goods_activity_item',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => goodsActivity.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    activityPrice: integer('activity_price').notNull(),
  },
  (t) => [uniqueIndex('goods_activity_item_uq').on(t.tenantId, t.activityId, t.goodsId)],
)

export const cart = pgTable(
  'cart',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    choice: integer('choice').notNull().default(1),
    createdAt: created(),
  },
  (t) => [uniqueIndex('cart_user_goods_uq').on(t.tenantId, t.userId, t.goodsId)],
)

export const shopOrder = pgTable(
  'shop_order',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** globally unique: also the payment's out_trade_no */
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    /** 1 pending, 2 paid, 3 cancelled, 4 closed, 5 refund requested, 6 refunded, 7 refund rejected */
    status: integer('status').notNull().default(1),
    totalPrice: integer('total_price').notNull(),
    payPrice: integer('pay_price').notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    activityId: integer('activity_id'),
    inviteCode: varchar('invite_code', { length: 32 }).notNull().default(''),
    payProvider: varchar('pay_provider', { length: 16 }),
    transactionId: varchar('transaction_id', { length: 64 }),
    createdAt: created(),
    expiresAt: ts('expires_at').notNull(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    closedAt: ts('closed_at'),
    refundReason: varchar('refund_reason', { length: 200 }),
    refundRequestedAt: ts('refund_requested_at'),
    refundHandledAt: ts('refund_handled_at'),
    refundRejectReason: varchar('refund_reject_reason', { length: 200 }),
    invoiceId: integer('invoice_id'),
  },
  (t) => [
    uniqueIndex('shop_order_idem_uq').on(t.tenantId, t.userId, t.idempotencyKey),
    index('shop_order_user_idx').on(t.tenantId, t.userId, t.status),
    index('shop_order_pending_idx').on(t.status, t.expiresAt),
  ],
)

export const orderItem = pgTable(
  'order_item',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrder.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    goodsName: varchar('goods_name', { length: 100 }).notNull(),
    goodsType: integer('goods_type').notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    price: integer('price').notNull(),
    originalPrice: integer('original_price').notNull(),
  },
  (t) => [index('order_item_order_idx').on(t.tenantId, t.orderId)],
)

/** Entitlements: what a learner may study. Package goods grant a row per goods inside (and the package). */
export const userGoods = pgTable(
  'user_goods',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    orderId: integer('order_id').references(() => shopOrder.id),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    /** null = no expiry */
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('user_goods_user_idx').on(t.tenantId, t.userId, t.goodsId),
    index('user_goods_order_idx').on(t.tenantId, t.orderId),
  ],
)

export const userFirstChoice = pgTable(
  'user_first_choice',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_first_choice_uq').on(t.tenantId, t.userId)],
)

export const offlineSubscribe = pgTable('offline_subscribe', {
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUser.id),
  name: varchar('name', { length: 30 }).notNull(),
  telPhone: varchar('tel_phone', { length: 11 }).notNull(),
  goodsId: integer('goods_id'),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
  createdAt: created(),
})

export const invoice = pgTable(
  'invoice',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** 1 personal, 2 company */
    titleType: integer('title_type').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull(),
    amount: integer('amount').notNull(),
    /** 0 requested, 1 issued, 2 cancelled */
    status: integer('status').notNull().default(0),
    /** the orders it covers (their invoice_id points here while not cancelled) */
    orderIds: integer('order_ids').array().notNull(),
    createdAt: created(),
    issuedAt: ts('issued_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [index('invoice_user_idx').on(t.tenantId, t.userId)],
)

// ---- question bank (docs/DECISIONS.md "Question bank") ----

/** A question bank, sold as (part of) a goods of type 2. */
export const bank = pgTable(
  'bank',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('bank_goods_idx').on(t.tenantId, t.goodsId)],
)

export const bankChapter = pgTable(
  'bank_chapter',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => bank.id),
    name: varchar('name', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('bank_chapter_bank_idx').on(t.tenantId, t.bankId)],
)

export interface QuestionOption {
  label: string
  content: string
}
/** A composite's sub-question as stored in question.json_str (shared/rules/scoring.ts SubQuestion + display). */
export interface StoredSubQuestion {
  type: 1 | 2 | 3
  title: string
  optionsList: QuestionOption[]
  score: number
  partScore?: number
  ans: string
  analysis?: string
}

export const question = pgTable(
  'question',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => bank.id),
    /** null: a paper-only question */
    chapterId: integer('chapter_id').references(() => bankChapter.id),
    /** 1 single, 2 multiple, 3 judgement, 4 composite, 5 essay */
    type: integer('type').notNull(),
    /** sanitised HTML */
    title: text('title').notNull(),
    optionsList: jsonb('options_list').$type<QuestionOption[]>().notNull().default([]),
    /** letters ("A", "A,C"); essays: reference answer text; composite: '' (answers in json_str) */
    ans: text('ans').notNull().default(''),
    analysis: text('analysis').notNull().default(''),
    score: doublePrecision('score').notNull().default(1),
    partScore: doublePrecision('part_score'),
    /** composite: JSON array of StoredSubQuestion */
    jsonStr: text('json_str').notNull().default(''),
    /** 1 easy, 2 medium, 3 hard */
    difficulty: integer('difficulty').notNull().default(2),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('question_chapter_idx').on(t.tenantId, t.chapterId, t.sort),
    index('question_bank_idx').on(t.tenantId, t.bankId, t.type),
  ],
)

export const paper = pgTable(
  'paper',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    bankId: integer('bank_id')
      .notNull()
      .references(() => bank.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** free paper: every logged-in learner may take it; its answers are public */
    free: boolean('free').notNull().default(false),
    /** 0 = 60% of the total score */
    passScore: doublePrecision('pass_score').notNull().default(0),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('paper_bank_idx').on(t.tenantId, t.bankId)],
)

export const paperQuestion = pgTable(
  'paper_question',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    paperId: integer('paper_id')
      .notNull()
      .references(() => paper.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('paper_question_uq').on(t.tenantId, t.paperId, t.questionId)],
)

/** An attempt: a fixed, ordered question set answered over time and submitted once. */
export const bankRecord = pgTable(
  'bank_record',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** practice | test | memorise */
    mode: varchar('mode', { length: 16 }).notNull(),
    /** chapter | paper | daily | random | wrong | collect | special */
    scope: varchar('scope', { length: 16 }).notNull(),
    /** what "the same scope" means for resuming (e.g. chapter:12, daily:2025-05-01:0); unique per unfinished attempt */
    scopeKey: varchar('scope_key', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    bankId: integer('bank_id'),
    chapterId: integer('chapter_id'),
    paperId: integer('paper_id'),
    questionIds: integer('question_ids').array().notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
    /** ScoreReport (+ passScore, timeSpentSeconds), written once at submit */
    report: jsonb('report'),
    /** scope exam | mock: the exam sat (docs/DECISIONS.md "Exams") */
    examId: integer('exam_id'),
    /** timed attempts: when it must end (server clock); the server submits it after this + grace */
    deadlineAt: ts('deadline_at'),
    /** submitted because the time ran out (by the app at zero, or by the server's sweep) */
    autoSubmitted: boolean('auto_submitted').notNull().default(false),
  },
  (t) => [
    index('bank_record_user_idx').on(t.tenantId, t.userId, t.startedAt),
    index('bank_record_exam_idx').on(t.tenantId, t.examId, t.userId),
    // a learner's unfinished exam attempts (the seal over practice, exam lists): a handful of rows, however many
    // practice attempts the learner has
    index('bank_record_open_exam_idx')
      .on(t.tenantId, t.userId)
      .where(sql`${t.submittedAt} is null and ${t.examId} is not null`),
    index('bank_record_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.submittedAt} is null and ${t.deadlineAt} is not null`),
    uniqueIndex('bank_record_open_uq')
      .on(t.tenantId, t.userId, t.mode, t.scopeKey)
      .where(sql`${t.submittedAt} is null and ${t.scope} <> 'random'`),
  ],
)

/** The learner's answer to one question of an attempt; replaced only by a newer answer (answered_at). */
export const recordAnswer = pgTable(
  'record_answer',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    recordId: integer('record_id')
      .notNull()
      .references(() => bankRecord.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id),
    ques: jsonb('ques'),
    /** device time of the answer (ms precision) */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** right | partial | wrong | pending | unanswered; null = not graded (test before submit, memorise) */
    state: varchar('state', { length: 12 }),
    earned: doublePrecision('earned'),
  },
  (t) => [
    uniqueIndex('record_answer_uq').on(t.tenantId, t.recordId, t.questionId),
    index('record_answer_user_idx').on(t.tenantId, t.userId, t.answeredAt),
  ],
)

export const collectQuestion = pgTable(
  'collect_question',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id),
    createdAt: created(),
  },
  (t) => [uniqueIndex('collect_question_uq').on(t.tenantId, t.userId, t.questionId)],
)

/** Wrong book entry with its ts-fsrs card; removed_at set = out of the book (mastered or removed). */
export const wrongQuestion = pgTable(
  'wrong_question',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id),
    /** ts-fsrs Card (dates as ISO strings) */
    card: jsonb('card').notNull(),
    due: ts('due').notNull(),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    consecutiveRight: integer('consecutive_right').notNull().default(0),
    stability: doublePrecision('stability').notNull().default(0),
    lastReviewAt: timestamp('last_review_at', { withTimezone: true, mode: 'date', precision: 3 }),
    addedAt: ts('added_at').notNull().defaultNow(),
    /** null = in the book; 'mastered' | 'removed' otherwise */
    removedAt: ts('removed_at'),
    removedReason: varchar('removed_reason', { length: 16 }),
  },
  (t) => [
    uniqueIndex('wrong_question_uq').on(t.tenantId, t.userId, t.questionId),
    index('wrong_question_due_idx').on(t.tenantId, t.userId, t.due),
  ],
)

/** Daily practice: the fixed question set of a learner for a day (bank_id 0 = every accessible bank). */
export const dailySet = pgTable(
  'daily_set',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    day: varchar('day', { length: 10 }).notNull(),
    bankId: integer('bank_id').notNull().default(0),
    questionIds: integer('question_ids').array().notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('daily_set_uq').on(t.tenantId, t.userId, t.day, t.bankId)],
)

// ---------------------------------------------------------------- learning

/** A learner's progress in one section of one goods. `coverage` = merged credited intervals [[start, end], ...]. */
export const studyProgress = pgTable(
  'study_progress',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => course.id),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSection.id),
    /** SECTION_STATUS */
    status: integer('status').notNull().default(0),
    position: doublePrecision('position').notNull().default(0),
    furthest: doublePrecision('furthest').notNull().default(0),
    creditedSeconds: integer('credited_seconds').notNull().default(0),
    coverage: jsonb('coverage').$type<[number, number][]>().notNull().default([]),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('study_progress_uq').on(t.tenantId, t.userId, t.goodsId, t.sectionId),
    index('study_progress_recent_idx').on(t.tenantId, t.userId, t.updatedAt),
  ],
)

/** One playback of a section (opened by /study/record/save/video); reports must name it. */
export const playSession = pgTable(
  'play_session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSection.id),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    lastReportAt: timestamp('last_report_at', { withTimezone: true, mode: 'date', precision: 3 })
      .notNull()
      .defaultNow(),
    lastPosition: doublePrecision('last_position').notNull().default(0),
    closedAt: ts('closed_at'),
  },
  (t) => [index('play_session_user_idx').on(t.tenantId, t.userId, t.lastReportAt)],
)

/** Every reported interval: credited (accepted) or abnormal (kind set, nothing credited). */
export const studyInterval = pgTable(
  'study_interval',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    sectionId: integer('section_id')
      .notNull()
      .references(() => courseSection.id),
    sessionId: varchar('session_id', { length: 64 }).notNull(),
    startPosition: doublePrecision('start_position').notNull(),
    endPosition: doublePrecision('end_position').notNull(),
    wallStart: timestamp('wall_start', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    wallEnd: timestamp('wall_end', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** seconds this interval added to the section's coverage */
    creditedSeconds: doublePrecision('credited_seconds').notNull().default(0),
    accepted: boolean('accepted').notNull(),
    /** ABNORMAL_KINDS when not accepted */
    abnormalKind: varchar('abnormal_kind', { length: 16 }),
    detail: varchar('detail', { length: 200 }).notNull().default(''),
    createdAt: created(),
  },
  (t) => [
    index('study_interval_user_idx').on(t.tenantId, t.userId, t.wallEnd),
    index('study_interval_goods_idx').on(t.tenantId, t.userId, t.goodsId, t.accepted),
  ],
)

/** A class (grade) of a goods: learners study in one class at a time, within its dates. */
export const grade = pgTable(
  'grade',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    name: varchar('name', { length: 100 }).notNull(),
    teacherName: varchar('teacher_name', { length: 30 }).notNull().default(''),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    capacity: integer('capacity').notNull().default(200),
    /** new learners of the goods join this class */
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('grade_goods_idx').on(t.tenantId, t.goodsId)],
)

export const gradeMember = pgTable(
  'grade_member',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grade.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    joinedAt: created(),
  },
  (t) => [
    uniqueIndex('grade_member_uq').on(t.tenantId, t.goodsId, t.userId),
    index('grade_member_grade_idx').on(t.tenantId, t.gradeId),
  ],
)

/** Photos taken during study (section) or during a bank attempt (record). */
export const photoLog = pgTable(
  'photo_log',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id'),
    sectionId: integer('section_id'),
    sessionId: varchar('session_id', { length: 64 }),
    recordId: integer('record_id'),
    /** start | random | record */
    scene: varchar('scene', { length: 16 }).notNull(),
    position: doublePrecision('position').notNull().default(0),
    imageUrl: varchar('image_url', { length: 500 }).notNull(),
    /** REVIEW_STATUS */
    reviewStatus: integer('review_status').notNull().default(1),
    similarity: doublePrecision('similarity'),
    createdAt: created(),
  },
  (t) => [index('photo_log_user_idx').on(t.tenantId, t.userId, t.goodsId, t.sectionId)],
)

/** Identity certification of a learner (one per learner; a new submission replaces a rejected one). */
export const identityCert = pgTable(
  'identity_cert',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    realName: varchar('real_name', { length: 30 }).notNull(),
    idCard: varchar('id_card', { length: 18 }).notNull(),
    idCardImage: varchar('id_card_image', { length: 500 }).notNull(),
    faceImage: varchar('face_image', { length: 500 }).notNull(),
    /** REVIEW_STATUS */
    status: integer('status').notNull().default(1),
    provider: varchar('provider', { length: 16 }).notNull(),
    similarity: doublePrecision('similarity'),
    msg: varchar('msg', { length: 200 }).notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_cert_uq').on(t.tenantId, t.userId)],
)

/** Face / OCR provider calls and their results (audit trail; the local provider leaves them pending). */
export const faceCheck = pgTable(
  'face_check',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** ocr | recognition | compare */
    kind: varchar('kind', { length: 16 }).notNull(),
    imageUrl: varchar('image_url', { length: 500 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    status: integer('status').notNull(),
    similarity: doublePrecision('similarity'),
    result: jsonb('result'),
    createdAt: created(),
  },
  (t) => [index('face_check_user_idx').on(t.tenantId, t.userId, t.createdAt)],
)

/** Every object stored through an upload policy (written by the upload callback). */
export const uploadObject = pgTable(
  'upload_object',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').references(() => sysUser.id),
    key: varchar('key', { length: 500 }).notNull(),
    size: integer('size').notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: created(),
  },
  (t) => [uniqueIndex('upload_object_key_uq').on(t.key), index('upload_object_user_idx').on(t.tenantId, t.userId)],
)

/** Handouts (course materials) of a goods, optionally of one course. */
export const handout = pgTable(
  'handout',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    courseId: integer('course_id').references(() => course.id),
    name: varchar('name', { length: 100 }).notNull(),
    /** object key in the store (seeded files live under handouts/) */
    fileKey: varchar('file_key', { length: 500 }).notNull(),
    fileType: varchar('file_type', { length: 8 }).notNull(),
    size: integer('size').notNull(),
    free: boolean('free').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('handout_goods_idx').on(t.tenantId, t.goodsId)],
)

export const handoutTip = pgTable(
  'handout_tip',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    createdAt: created(),
  },
  (t) => [uniqueIndex('handout_tip_uq').on(t.tenantId, t.userId, t.goodsId)],
)

/**
 * The school's public profile (issue 17, docs/DECISIONS.md "Account extras"): address, email and introduction,
 * one row per tenant, edited by the school's managers. Name and logo are the brand's (config home.header /
 * home.mobile), hotline and service time the consult config's (consult.mobile): never stored twice.
 */
export const schoolInfo = pgTable(
  'school_info',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    updatedBy: integer('updated_by').references(() => sysUser.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('school_info_tenant_uq').on(t.tenantId)],
)

/**
 * Scan login (docs/DECISIONS.md "Scan login"): a PC's short-lived, single-use QR ticket. The ticket (in the QR) lets
 * a logged-in learner scan and confirm; only the holder of the poll key (the PC that asked, kept as sha256) collects
 * the session. status: waiting -> scanned (user_id) -> confirmed -> consumed (the PC's token issued), or cancelled.
 */
export const scanTicket = pgTable(
  'scan_ticket',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    ticket: varchar('ticket', { length: 64 }).notNull().unique(),
    pollKeyHash: varchar('poll_key_hash', { length: 64 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('waiting'),
    /** the learner who scanned it (set by scan, kept through confirm) */
    userId: integer('user_id').references(() => sysUser.id),
    pcDeviceUuid: varchar('pc_device_uuid', { length: 64 }).notNull().default(''),
    pcUserAgent: varchar('pc_user_agent', { length: 512 }).notNull().default(''),
    pcIp: varchar('pc_ip', { length: 64 }).notNull().default(''),
    expiresAt: ts('expires_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('scan_ticket_ip_idx').on(t.tenantId, t.pcIp, t.createdAt)],
)

/**
 * WeChat apps of a school (docs/DECISIONS.md "WeChat login and binding"): its mini program ('mini') and its official
 * account ('gzh'), one of each. The secret stays on the server (scripts/tenant-wechat.mjs sets it); '' = not set.
 */
export const tenantWechatApp = pgTable(
  'tenant_wechat_app',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** 'mini' (mini program) | 'gzh' (official account) */
    kind: varchar('kind', { length: 8 }).notNull(),
    appId: varchar('app_id', { length: 32 }).notNull(),
    appSecret: varchar('app_secret', { length: 128 }).notNull().default(''),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenant_wechat_app_kind_uq').on(t.tenantId, t.kind)],
)

/**
 * A learner's WeChat identity of one app (docs/DECISIONS.md "WeChat login and binding"): an openid is bound to one
 * account of the tenant, and an account has at most one openid per kind.
 */
export const userWechat = pgTable(
  'user_wechat',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    appId: varchar('app_id', { length: 32 }).notNull(),
    openId: varchar('open_id', { length: 64 }).notNull(),
    unionId: varchar('union_id', { length: 64 }),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('user_wechat_openid_uq').on(t.tenantId, t.appId, t.openId),
    uniqueIndex('user_wechat_user_kind_uq').on(t.tenantId, t.userId, t.kind),
  ],
)

/** Tables whose rows belong to one tenant: every query on them is filtered by tenant id. */
export type TenantTable =
  // WeChat apps and bindings (docs/DECISIONS.md "WeChat login and binding")
  | typeof tenantWechatApp
  | typeof userWechat
  // scan login tickets (docs/DECISIONS.md "Scan login")
  | typeof scanTicket
  // the school's public profile (issue 17)
  | typeof schoolInfo
  // study plans (docs/DECISIONS.md "Study plans")
  | typeof studyPlan
  | typeof studyPlanItem
  | typeof studyPlanRemind
  | typeof sysUser
  | typeof userToken
  | typeof userLock
  | typeof smsCode
  | typeof captcha
  | typeof config
  | typeof dictData
  | typeof advertising
  | typeof homeItem
  | typeof consultation
  | typeof informUser
  | typeof educationType
  | typeof business
  | typeof subject
  | typeof teacher
  | typeof goods
  | typeof goodsPackageItem
  | typeof goodsTeacher
  | typeof course
  | typeof goodsCourse
  | typeof courseChapter
  | typeof courseSection
  | typeof goodsActivity
  | typeof goodsActivityItem
  | typeof cart
  | typeof shopOrder
  | typeof orderItem
  | typeof userGoods
  | typeof userFirstChoice
  | typeof offlineSubscribe
  | typeof invoice
  | typeof bank
  | typeof bankChapter
  | typeof question
  | typeof paper
  | typeof paperQuestion
  | typeof bankRecord
  | typeof recordAnswer
  | typeof collectQuestion
  | typeof wrongQuestion
  | typeof dailySet
  | typeof studyProgress
  | typeof playSession
  | typeof studyInterval
  | typeof grade
  | typeof gradeMember
  | typeof photoLog
  | typeof identityCert
  | typeof faceCheck
  | typeof uploadObject
  | typeof handout
  | typeof handoutTip
  | typeof exam
  | typeof applyArea
  | typeof applySite
  | typeof applySession
  | typeof appointment
  | typeof mockSubscribe
  | typeof certificate
  | typeof infoConfirm
  // live classes
  | typeof liveChannel
  | typeof liveSession
  | typeof liveRecording
  | typeof liveChat
  | typeof liveBan
  | typeof liveWatch
  // live interactions and points
  | typeof liveCheckin
  | typeof liveCheckinSign
  | typeof liveQuestionnaire
  | typeof liveQuestionnaireAnswer
  | typeof liveTest
  | typeof liveTestAnswer
  | typeof liveLottery
  | typeof liveLotteryWinner
  | typeof liveRedpaper
  | typeof liveRedpaperGrab
  | typeof liveQuestion
  | typeof liveQuestionUpvote
  | typeof liveTally
  | typeof pointsAccount
  | typeof pointsLedger
  // messages: announcements and exam reminders (docs/DECISIONS.md "Messages")
  | typeof informNotice
  | typeof appointmentReminder
  // news categories, enrolment profiles (docs/DECISIONS.md "News", "Enrolment profile and stamp words")
  | typeof consultationCategory
  | typeof profileTemplate
  | typeof profile
  | typeof profileStamp
  // notes and Q and A (docs/DECISIONS.md "Notes", "Questions and answers")
  | typeof userNote
  | typeof userAnswer
  | typeof answerReply

// ---- exams, appointments, certificates (docs/DECISIONS.md "Exams") ----

/** A formal exam or a mock exam: a timed sitting of a paper, with attempt limits and entry conditions. */
export const exam = pgTable(
  'exam',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** formal | mock */
    kind: varchar('kind', { length: 8 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    /** the learner must hold this goods (course or package); null = every logged-in learner */
    goodsId: integer('goods_id').references(() => goods.id),
    paperId: integer('paper_id')
      .notNull()
      .references(() => paper.id),
    businessId: integer('business_id'),
    subjectId: integer('subject_id'),
    durationSeconds: integer('duration_seconds').notNull(),
    /** 0 = unlimited */
    maxAttempts: integer('max_attempts').notNull().default(0),
    /** the window in which an attempt may start (null = no bound) */
    openAt: ts('open_at'),
    closeAt: ts('close_at'),
    /** mock: application window */
    applyOpenAt: ts('apply_open_at'),
    applyCloseAt: ts('apply_close_at'),
    requireCourses: boolean('require_courses').notNull().default(false),
    requireIdentity: boolean('require_identity').notNull().default(false),
    requireInfoConfirm: boolean('require_info_confirm').notNull().default(false),
    /** an exam-site booking with a signed commitment letter, sat within the booked session */
    requireAppointment: boolean('require_appointment').notNull().default(false),
    /** issue a certificate on a pass */
    certificate: boolean('certificate').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('exam_kind_idx').on(t.tenantId, t.kind, t.sort)],
)

/** Provinces (parent 0) and cities. */
export const applyArea = pgTable(
  'apply_area',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('apply_area_parent_idx').on(t.tenantId, t.parentId)],
)

/** An exam site or a training venue in a city. */
export const applySite = pgTable(
  'apply_site',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    cityId: integer('city_id')
      .notNull()
      .references(() => applyArea.id),
    name: varchar('name', { length: 100 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('apply_site_city_idx').on(t.tenantId, t.cityId)],
)

/** A bookable session at a site: an exam sitting or a pre-exam training, with a capacity. */
export const applySession = pgTable(
  'apply_session',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    siteId: integer('site_id')
      .notNull()
      .references(() => applySite.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    /** exam | train */
    kind: varchar('kind', { length: 8 }).notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    capacity: integer('capacity').notNull(),
    /** active bookings; changed only together with an appointment row, never above capacity */
    booked: integer('booked').notNull().default(0),
  },
  (t) => [index('apply_session_exam_idx').on(t.tenantId, t.examId, t.kind, t.startAt)],
)

/** A learner's booking of a session; the exam kind carries the signed commitment letter. */
export const appointment = pgTable(
  'appointment',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => applySession.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** APPOINTMENT_STATUS */
    status: integer('status').notNull().default(1),
    rescheduleNum: integer('reschedule_num').notNull().default(0),
    signatureUrl: varchar('signature_url', { length: 500 }).notNull().default(''),
    signedAt: ts('signed_at'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('appointment_user_idx').on(t.tenantId, t.userId, t.status),
    uniqueIndex('appointment_active_uq').on(t.tenantId, t.userId, t.examId, t.kind).where(sql`${t.status} = 1`),
  ],
)

/** Mock exam application (name, ID, subject, site). */
export const mockSubscribe = pgTable(
  'mock_subscribe',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    realName: varchar('real_name', { length: 30 }).notNull(),
    idCard: varchar('id_card', { length: 18 }).notNull(),
    telPhone: varchar('tel_phone', { length: 11 }).notNull(),
    subjectId: integer('subject_id'),
    siteId: integer('site_id'),
    /** MOCK_SUBSCRIBE_STATUS */
    status: integer('status').notNull().default(1),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mock_subscribe_active_uq').on(t.tenantId, t.userId, t.examId).where(sql`${t.status} = 1`)],
)

/** A certificate issued on a pass; verified publicly by its serial. */
export const certificate = pgTable(
  'certificate',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    examId: integer('exam_id')
      .notNull()
      .references(() => exam.id),
    recordId: integer('record_id')
      .notNull()
      .references(() => bankRecord.id),
    serial: varchar('serial', { length: 32 }).notNull().unique(),
    realName: varchar('real_name', { length: 30 }).notNull(),
    examName: varchar('exam_name', { length: 100 }).notNull(),
    score: doublePrecision('score').notNull(),
    passScore: doublePrecision('pass_score').notNull(),
    issuedAt: created(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('certificate_exam_uq').on(t.tenantId, t.userId, t.examId)],
)

/** The learner confirmed their personal info (a snapshot: a later change of name or ID needs a new confirmation). */
export const infoConfirm = pgTable(
  'info_confirm',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    realName: varchar('real_name', { length: 30 }).notNull(),
    idCard: varchar('id_card', { length: 18 }).notNull(),
    telPhone: varchar('tel_phone', { length: 11 }).notNull(),
    confirmedAt: created(),
  },
  (t) => [uniqueIndex('info_confirm_uq').on(t.tenantId, t.userId)],
)

// ---------------------------------------------------------------- live classes (docs/DECISIONS.md "Live")

/** A live channel (room): owned by a goods (entitlement through it), by a mock exam, or free (both null). */
export const liveChannel = pgTable(
  'live_channel',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    /** entitlement through this goods (course, live or package holding it); null with examId null = free public class */
    goodsId: integer('goods_id').references(() => goods.id),
    /** the mock exam this room explains (mock live); entry = logged in and applied to the mock */
    examId: integer('exam_id').references(() => exam.id),
    name: varchar('name', { length: 100 }).notNull(),
    cover: varchar('cover', { length: 500 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    /** display teacher (teacher table) */
    teacherId: integer('teacher_id').references(() => teacher.id),
    /** 'alone' (video only) | 'ppt' (three-screen: the learner's user type becomes slice) */
    scene: varchar('scene', { length: 8 }).notNull().default('alone'),
    /** 'local' (nginx-rtmp on this machine) | 'polyv' */
    provider: varchar('provider', { length: 8 }).notNull().default('local'),
    /** polyv channel id when provider = polyv */
    providerChannelId: varchar('provider_channel_id', { length: 32 }).notNull().default(''),
    /** RTMP stream name for the local provider (random, unique) */
    streamKey: varchar('stream_key', { length: 40 }).notNull(),
    /** chat closed by a moderator (PROHIBIT_TO_SPEAK for everyone but moderators) */
    chatClosed: boolean('chat_closed').notNull().default(false),
    /** the pinned bulletin ('' = none) */
    bulletin: text('bulletin').notNull().default(''),
    playbackEnabled: boolean('playback_enabled').notNull().default(true),
    /** likes counted by the server over the channel's life */
    likes: integer('likes').notNull().default(0),
    status: integer('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    index('live_channel_tenant_idx').on(t.tenantId, t.status, t.sort),
    uniqueIndex('live_channel_stream_uq').on(t.streamKey),
  ],
)

/** One scheduled class of a channel. state: waiting | live | ended (LIVE_STATES). */
export const liveSession = pgTable(
  'live_session',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    title: varchar('title', { length: 100 }).notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    state: varchar('state', { length: 8 }).notNull().default('waiting'),
    /** when the stream really started and ended (publish / publish_done, or the teacher's class start/end) */
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    createdAt: created(),
  },
  (t) => [index('live_session_channel_idx').on(t.tenantId, t.channelId, t.startAt)],
)

/** A recording of a session turned into a VOD playlist (local: path under the live data dir; polyv: their vid). */
export const liveRecording = pgTable(
  'live_recording',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    /** local: playlist path relative to the live data dir (vod/<session>/<n>/index.m3u8); polyv: their video id */
    path: varchar('path', { length: 300 }).notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull().default(0),
    /** processing | ready | failed */
    status: varchar('status', { length: 12 }).notNull().default('processing'),
    /** stream time 0 of this recording (chat replay offsets are measured from it) */
    startedAt: ts('started_at').notNull(),
    createdAt: created(),
  },
  (t) => [index('live_recording_session_idx').on(t.tenantId, t.sessionId)],
)

/** Chat history of a session (speak, image, reward, system ...). Removed messages keep their row. */
export const liveChat = pgTable(
  'live_chat',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    /** null = system */
    userId: integer('user_id').references(() => sysUser.id),
    /** the chat's escaped form of the name (live/chat/data.ts chatNick: 30 characters, each up to 4 escaped) */
    nick: varchar('nick', { length: 120 }).notNull().default(''),
    pic: varchar('pic', { length: 500 }).notNull().default(''),
    /** teacher | manager | assistant | student | slice */
    userType: varchar('user_type', { length: 12 }).notNull(),
    /** SPEAK | CHAT_IMG | REWARD | ... (the EVENT that carried it) */
    event: varchar('event', { length: 24 }).notNull(),
    /** escaped text, or the image URL for CHAT_IMG */
    content: text('content').notNull(),
    quoteId: integer('quote_id'),
    removed: boolean('removed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('live_chat_session_idx').on(t.tenantId, t.channelId, t.sessionId, t.id)],
)

/** A ban from speaking in one channel until expiresAt. */
export const liveBan = pgTable(
  'live_ban',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    expiresAt: ts('expires_at').notNull(),
    byUserId: integer('by_user_id').references(() => sysUser.id),
    createdAt: created(),
  },
  (t) => [uniqueIndex('live_ban_uq').on(t.tenantId, t.channelId, t.userId)],
)

/** Study time in a live session or its playback, credited by the server from the room's heartbeats. */
export const liveWatch = pgTable(
  'live_watch',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    /** live | playback */
    mode: varchar('mode', { length: 8 }).notNull(),
    creditedSeconds: integer('credited_seconds').notNull().default(0),
    /** playback: the last position, to resume */
    position: doublePrecision('position').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('live_watch_uq').on(t.tenantId, t.userId, t.sessionId, t.mode),
    index('live_watch_recent_idx').on(t.tenantId, t.userId, t.updatedAt),
  ],
)

// ---------------------------------------------------------------- live interactions and points
// (docs/DECISIONS.md "Live — interactions"; the wire: contract/schemas/live-interactions.ts)

/** A check-in of a live session: open until endsAt (server clock) or the teacher's stop; one open per session. */
export const liveCheckin = pgTable(
  'live_checkin',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => sysUser.id),
    message: varchar('message', { length: 200 }).notNull().default(''),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** open | closed */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    /** signatures so far (kept with each signature, in the same transaction) */
    signed: integer('signed').notNull().default(0),
    closedAt: ts('closed_at'),
    createdAt: created(),
  },
  (t) => [
    index('live_checkin_session_idx').on(t.tenantId, t.sessionId, t.id),
    uniqueIndex('live_checkin_open_uq').on(t.tenantId, t.sessionId).where(sql`${t.state} = 'open'`),
    index('live_checkin_due_idx').on(t.state, t.endsAt),
  ],
)

/** A learner's signature of a check-in (attendance: signed any check-in of the session). */
export const liveCheckinSign = pgTable(
  'live_checkin_sign',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    checkinId: integer('checkin_id')
      .notNull()
      .references(() => liveCheckin.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** the chat's escaped form of the name (live/chat/data.ts chatNick: 30 characters, each up to 4 escaped) */
    nick: varchar('nick', { length: 120 }).notNull().default(''),
    pic: varchar('pic', { length: 500 }).notNull().default(''),
    userType: varchar('user_type', { length: 12 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('live_checkin_sign_uq').on(t.tenantId, t.checkinId, t.userId),
    index('live_checkin_sign_user_idx').on(t.tenantId, t.userId, t.sessionId),
  ],
)

/** A questionnaire (items: QuestionnaireItem[]), open until the teacher stops it; one open per session. */
export const liveQuestionnaire = pgTable(
  'live_questionnaire',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => sysUser.id),
    title: varchar('title', { length: 100 }).notNull(),
    items: jsonb('items').$type<LiveQuestionnaireItem[]>().notNull(),
    showResults: boolean('show_results').notNull().default(false),
    /** open | closed */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    closedAt: ts('closed_at'),
    createdAt: created(),
  },
  (t) => [
    index('live_questionnaire_session_idx').on(t.tenantId, t.sessionId, t.id),
    uniqueIndex('live_questionnaire_open_uq').on(t.tenantId, t.sessionId).where(sql`${t.state} = 'open'`),
  ],
)
/** An item as stored (contract QuestionnaireItem). */
export type LiveQuestionnaireItem =
  | { type: 'single' | 'multiple'; title: string; options: string[] }
  | { type: 'text'; title: string }
/** One learner's answers, item by item: chosen option indexes, or the text. */
export type LiveQuestionnaireAnswer = { options: number[] } | { text: string }

export const liveQuestionnaireAnswer = pgTable(
  'live_questionnaire_answer',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => liveQuestionnaire.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    answers: jsonb('answers').$type<LiveQuestionnaireAnswer[]>().notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('live_questionnaire_answer_uq').on(t.tenantId, t.questionnaireId, t.userId)],
)

/** A question of the tenant's bank pushed as a test (answer card), as it was when pushed. One open per session. */
export const liveTest = pgTable(
  'live_test',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => sysUser.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id),
    /** 1 single, 2 multiple, 3 judgement (shared/rules/scoring.ts) */
    quesType: integer('ques_type').notNull(),
    stem: text('stem').notNull(),
    /** [label, text] */
    options: jsonb('options').$type<[string, string][]>().notNull(),
    /** the right letters, normalised ("A,C") */
    answer: varchar('answer', { length: 60 }).notNull(),
    analysis: text('analysis').notNull().default(''),
    score: doublePrecision('score').notNull().default(1),
    partScore: doublePrecision('part_score'),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** open | closed */
    state: varchar('state', { length: 8 }).notNull().default('open'),
    closedAt: ts('closed_at'),
    createdAt: created(),
  },
  (t) => [
    index('live_test_session_idx').on(t.tenantId, t.sessionId, t.id),
    uniqueIndex('live_test_open_uq').on(t.tenantId, t.sessionId).where(sql`${t.state} = 'open'`),
    index('live_test_due_idx').on(t.state, t.endsAt),
  ],
)

export const liveTestAnswer = pgTable(
  'live_test_answer',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    testId: integer('test_id')
      .notNull()
      .references(() => liveTest.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** the chosen letters, normalised ("A,C") */
    option: varchar('option', { length: 60 }).notNull(),
    /** right | partial | wrong (scoreQuestion) */
    result: varchar('result', { length: 8 }).notNull(),
    earned: doublePrecision('earned').notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('live_test_answer_uq').on(t.tenantId, t.testId, t.userId)],
)

/** A lottery: winners drawn when it starts (stored), announced at drawAt. */
export const liveLottery = pgTable(
  'live_lottery',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => sysUser.id),
    prize: varchar('prize', { length: 100 }).notNull(),
    /** winners asked for (fewer are drawn when fewer are eligible) */
    winnerCount: integer('winner_count').notNull(),
    /** present | checkedIn */
    among: varchar('among', { length: 10 }).notNull(),
    checkinId: integer('checkin_id').references(() => liveCheckin.id),
    /** how many were eligible at the draw */
    eligible: integer('eligible').notNull().default(0),
    drawAt: timestamp('draw_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** drawing (winners stored, not announced) | drawn (announced) */
    state: varchar('state', { length: 8 }).notNull().default('drawing'),
    createdAt: created(),
  },
  (t) => [
    index('live_lottery_session_idx').on(t.tenantId, t.sessionId, t.id),
    index('live_lottery_due_idx').on(t.state, t.drawAt),
  ],
)

export const liveLotteryWinner = pgTable(
  'live_lottery_winner',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    lotteryId: integer('lottery_id')
      .notNull()
      .references(() => liveLottery.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** the chat's escaped form of the name (live/chat/data.ts chatNick: 30 characters, each up to 4 escaped) */
    nick: varchar('nick', { length: 120 }).notNull().default(''),
    pic: varchar('pic', { length: 500 }).notNull().default(''),
    userType: varchar('user_type', { length: 12 }).notNull(),
    /** the winner's claim form ('' until claimed) */
    claimName: varchar('claim_name', { length: 30 }).notNull().default(''),
    claimPhone: varchar('claim_phone', { length: 11 }).notNull().default(''),
    claimAddress: varchar('claim_address', { length: 200 }).notNull().default(''),
    claimedAt: ts('claimed_at'),
  },
  (t) => [uniqueIndex('live_lottery_winner_uq').on(t.tenantId, t.lotteryId, t.userId)],
)

/** A red packet of tenant points (the school's points, not the teacher's), split into `count` shares up front. */
export const liveRedpaper = pgTable(
  'live_redpaper',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    byUserId: integer('by_user_id')
      .notNull()
      .references(() => sysUser.id),
    totalPoints: integer('total_points').notNull(),
    count: integer('count').notNull(),
    greeting: varchar('greeting', { length: 50 }).notNull().default(''),
    /** the shares (sum = totalPoints), taken in order */
    shares: jsonb('shares').$type<number[]>().notNull(),
    /** shares taken so far (a conditional update: never above count) */
    grabbed: integer('grabbed').notNull().default(0),
    createdAt: created(),
  },
  (t) => [
    index('live_redpaper_session_idx').on(t.tenantId, t.sessionId, t.id),
    check('live_redpaper_grabbed_ck', sql`${t.grabbed} >= 0 and ${t.grabbed} <= ${t.count}`),
  ],
)

export const liveRedpaperGrab = pgTable(
  'live_redpaper_grab',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    redpaperId: integer('redpaper_id')
      .notNull()
      .references(() => liveRedpaper.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    points: integer('points').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('live_redpaper_grab_uq').on(t.tenantId, t.redpaperId, t.userId)],
)

/** A question to the teacher (Q&A), its answer and whether everyone sees it. */
export const liveQuestion = pgTable(
  'live_question',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => liveChannel.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** the chat's escaped form of the name (live/chat/data.ts chatNick: 30 characters, each up to 4 escaped) */
    nick: varchar('nick', { length: 120 }).notNull().default(''),
    pic: varchar('pic', { length: 500 }).notNull().default(''),
    userType: varchar('user_type', { length: 12 }).notNull(),
    /** escaped text */
    content: text('content').notNull(),
    answer: text('answer').notNull().default(''),
    /** the moderator who answered: { userId, nick, pic, userType } */
    answeredBy: jsonb('answered_by').$type<{ userId: number; nick: string; pic: string; userType: string }>(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date', precision: 3 }),
    public: boolean('public').notNull().default(false),
    upvotes: integer('upvotes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('live_question_session_idx').on(t.tenantId, t.sessionId, t.id)],
)

export const liveQuestionUpvote = pgTable(
  'live_question_upvote',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    questionId: integer('question_id')
      .notNull()
      .references(() => liveQuestion.id),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    createdAt: created(),
  },
  (t) => [uniqueIndex('live_question_upvote_uq').on(t.tenantId, t.questionId, t.userId)],
)

/** Per-session counters of the room (flowers). */
export const liveTally = pgTable(
  'live_tally',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => liveSession.id),
    flowers: integer('flowers').notNull().default(0),
  },
  (t) => [uniqueIndex('live_tally_uq').on(t.tenantId, t.sessionId)],
)

/**
 * A learner's points (tenant points: red packets, rewards). The balance never goes below 0: debits are a
 * conditional update, and the check constraint backs it.
 */
export const pointsAccount = pgTable(
  'points_account',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_account_uq').on(t.tenantId, t.userId),
    check('points_account_balance_ck', sql`${t.balance} >= 0`),
  ],
)

/** Every change of a points balance, with the balance after it (written in the same transaction). */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    delta: integer('delta').notNull(),
    /** the balance after this change */
    balance: integer('balance').notNull(),
    /** redpaper | reward_sent | reward_received | grant */
    reason: varchar('reason', { length: 16 }).notNull(),
    /** the live session it happened in (null: outside a class, e.g. a grant) */
    sessionId: integer('session_id').references(() => liveSession.id),
    /** redpaper: the red packet's id */
    refId: integer('ref_id'),
    /** reward: the other side (the teacher rewarded, or the learner who rewarded) */
    otherUserId: integer('other_user_id').references(() => sysUser.id),
    note: varchar('note', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('points_ledger_user_idx').on(t.tenantId, t.userId, t.id)],
)

// ---- news categories (docs/DECISIONS.md "News") ----

/** A category of the consultation (news) articles: the tabs of the news list, in `sort` order. */
export const consultationCategory = pgTable(
  'consultation_category',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    name: varchar('name', { length: 20 }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: integer('status').notNull().default(1),
  },
  (t) => [index('consultation_category_tenant_idx').on(t.tenantId, t.status, t.sort)],
)

// ---- enrolment profiles and stamp words (docs/DECISIONS.md "Enrolment profile and stamp words") ----

/** One field of an enrolment profile template (contract/schemas/profile.ts `profileField`). */
export interface ProfileFieldSpec {
  key: string
  label: string
  /** text | idCard | phone | date | select | image */
  type: string
  required: boolean
  options?: string[]
  hint?: string
}

/** What a school collects from the learners of one goods, and the statement they copy out and stamp. */
export const profileTemplate = pgTable(
  'profile_template',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    title: varchar('title', { length: 100 }).notNull(),
    intro: varchar('intro', { length: 500 }).notNull().default(''),
    fields: jsonb('fields').$type<ProfileFieldSpec[]>().notNull(),
    /** the statement the learner copies out word for word ("本人承诺……") */
    stampWords: text('stamp_words').notNull(),
    /** the stamp also needs a handwritten signature image (the V2 addWord) */
    needSignature: boolean('need_signature').notNull().default(false),
    status: integer('status').notNull().default(1),
    createdAt: created(),
  },
  (t) => [uniqueIndex('profile_template_goods_uq').on(t.tenantId, t.goodsId)],
)

/** A learner's enrolment profile for one goods. status: 0 draft, 1 submitted (stamped), 2 locked, 3 returned. */
export const profile = pgTable(
  'profile',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    templateId: integer('template_id')
      .notNull()
      .references(() => profileTemplate.id),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    status: integer('status').notNull().default(0),
    /** the school's note when it returns the profile */
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
    lockedAt: ts('locked_at'),
  },
  (t) => [
    uniqueIndex('profile_user_goods_uq').on(t.tenantId, t.userId, t.goodsId),
    index('profile_user_idx').on(t.tenantId, t.userId, t.updatedAt),
  ],
)

/** The stamp words the learner copied out for a profile (and the signature image when the template asks). */
export const profileStamp = pgTable(
  'profile_stamp',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profile.id),
    words: text('words').notNull(),
    signatureUrl: varchar('signature_url', { length: 500 }).notNull().default(''),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_stamp_profile_uq').on(t.tenantId, t.profileId)],
)

// ---- messages (docs/DECISIONS.md "Messages"): tenant announcements, exam reminders ----

/** An announcement a school's staff sent to every learner of the tenant; each copy is an inform_user row (notice_id). */
export const informNotice = pgTable(
  'inform_notice',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull(),
    /** the staff account that sent it (null: the operator's X-Staff-Token) */
    senderId: integer('sender_id').references(() => sysUser.id),
    /** how many learners got a copy */
    recipients: integer('recipients').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('inform_notice_list_idx').on(t.tenantId, t.createdAt)],
)

/**
 * The day-before reminder of a booked session, sent once: the unique key (appointment, session) lets one sweep
 * through (a rescheduled booking is reminded again of its new session).
 */
export const appointmentReminder = pgTable(
  'appointment_reminder',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointment.id),
    sessionId: integer('session_id')
      .notNull()
      .references(() => applySession.id),
    remindedAt: ts('reminded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('appointment_reminder_uq').on(t.tenantId, t.appointmentId, t.sessionId)],
)

// ---- notes and Q and A (issue 16; docs/DECISIONS.md "Notes", "Questions and answers") ----

/** A learner's note: on a course section at a video time (section_id + video_time) or on a question (question_id). */
export const userNote = pgTable(
  'user_note',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    courseId: integer('course_id').references(() => course.id),
    sectionId: integer('section_id').references(() => courseSection.id),
    /** the goods the section was played through (the player's link back) */
    goodsId: integer('goods_id').references(() => goods.id),
    /** whole seconds into the section's video */
    videoTime: integer('video_time'),
    questionId: integer('question_id').references(() => question.id),
    content: text('content').notNull(),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('user_note_user_idx').on(t.tenantId, t.userId, t.createdAt),
    index('user_note_section_idx').on(t.tenantId, t.userId, t.sectionId),
    index('user_note_question_idx').on(t.tenantId, t.userId, t.questionId),
  ],
)

/** A learner's question to the school's teachers, about a course (or a section of it) or a question. */
export const userAnswer = pgTable(
  'user_answer',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    courseId: integer('course_id').references(() => course.id),
    sectionId: integer('section_id').references(() => courseSection.id),
    goodsId: integer('goods_id').references(() => goods.id),
    questionId: integer('question_id').references(() => question.id),
    content: text('content').notNull(),
    imageList: jsonb('image_list').$type<string[]>().notNull().default([]),
    /** ANSWER_STATUS: 0 open, 1 answered */
    status: integer('status').notNull().default(0),
    /** the latest reply's time (null: none) and when the learner last saw the replies in their list */
    answeredAt: ts('answered_at'),
    seenAt: ts('seen_at'),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** deleted by the learner: kept for the teachers' record, never listed again */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('user_answer_user_idx').on(t.tenantId, t.userId, t.id),
    index('user_answer_status_idx').on(t.tenantId, t.status, t.id),
  ],
)

/** A teacher's reply to a learner's question. */
export const answerReply = pgTable(
  'answer_reply',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    answerId: integer('answer_id')
      .notNull()
      .references(() => userAnswer.id),
    /** the staff account that replied (null: the operator's staff token) */
    staffUserId: integer('staff_user_id').references(() => sysUser.id),
    staffName: varchar('staff_name', { length: 30 }).notNull().default(''),
    content: text('content').notNull(),
    createdAt: created(),
  },
  (t) => [index('answer_reply_answer_idx').on(t.tenantId, t.answerId, t.id)],
)

// ---- study plans (docs/DECISIONS.md "Study plans") ----

/**
 * A learner's study plan over one goods they own: on the chosen weekdays between two dates (Asia/Shanghai days,
 * both inclusive) each item has a daily target. What was done is never stored here: it is derived from the study
 * intervals, finished sections and question-bank answers of that day (server/src/modules/plan/progress.ts).
 */
export const studyPlan = pgTable(
  'study_plan',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    name: varchar('name', { length: 30 }).notNull(),
    /** YYYY-MM-DD */
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    /** ISO weekdays studied: 1 Monday .. 7 Sunday */
    weekdays: integer('weekdays').array().notNull(),
    /** a reminder message on each planned day (the plan reminder sweep) */
    remind: boolean('remind').notNull().default(true),
    createdAt: created(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('study_plan_user_idx').on(t.tenantId, t.userId, t.endDate),
    index('study_plan_running_idx').on(t.endDate, t.startDate),
    check('study_plan_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
  ],
)

/** One thing to do on each planned day: a course (minutes watched or sections finished) or a bank (questions). */
export const studyPlanItem = pgTable(
  'study_plan_item',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => studyPlan.id),
    /** course | bank */
    kind: varchar('kind', { length: 8 }).notNull(),
    courseId: integer('course_id').references(() => course.id),
    bankId: integer('bank_id').references(() => bank.id),
    /** minutes | sections (course), questions (bank) */
    unit: varchar('unit', { length: 12 }).notNull(),
    /** per planned day */
    target: integer('target').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('study_plan_item_plan_idx').on(t.tenantId, t.planId),
    check('study_plan_item_target_ck', sql`${t.target} > 0`),
  ],
)

/** The plan reminder of a learner's day: at most one per learner and day, whatever the number of plans. */
export const studyPlanRemind = pgTable(
  'study_plan_remind',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    /** YYYY-MM-DD (Asia/Shanghai) */
    day: varchar('day', { length: 10 }).notNull(),
    /** false: the day was looked at and needed no message (everything done already, or no goods still owned) */
    sent: boolean('sent').notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex('study_plan_remind_uq').on(t.tenantId, t.userId, t.day)],
)
