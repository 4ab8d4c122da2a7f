/**
 * pg-core schema shared by both drivers (PGlite and node-postgres). Keep SQL to PostgreSQL 15.
 * Every tenant-owned table carries `tenant_id`; queries on them go through `TenantScope` (../http/scope.ts).
 */
import {
  bigint,
  boolean,
  index,
  integer,
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
  },
  (t) => [index('consultation_list_idx').on(t.tenantId, t.published, t.publishTime)],
)

export const informUser = pgTable(
  'inform_user',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content').notNull().default(''),
    readStatus: integer('read_status').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('inform_user_unread_idx').on(t.tenantId, t.userId, t.readStatus)],
)

/** Tables whose rows belong to one tenant: every query on them is filtered by tenant id. */
export type TenantTable =
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
