/**
 * Shop: catalogue (education types, businesses, subjects, goods, courses, teachers), cart, orders,
 * refunds, invoices and payment. Money is integer cents everywhere (price, originalPrice, totalPrice,
 * payPrice, amount); the app formats it. Times are Unix seconds. Codes (docs/DECISIONS.md "Shop"):
 * goodsType 1 course, 2 question bank, 3 live, 4 package;
 * orderStatus 1 pending payment, 2 paid, 3 cancelled, 4 closed (unpaid past 30 min), 5 refund requested,
 * 6 refunded, 7 refund rejected; invoiceStatus 0 requested, 1 issued, 2 cancelled; titleType 1 personal, 2 company.
 */
import { z } from 'zod'
import type { RouteKey } from '../routes'
import type { StaffRouteKey } from '../staff'
import { LIVE_STATES } from './live-codes'
import { decision, rowId } from './review'
import type { RouteSchema } from './types'

export { GOODS_TYPE, INVOICE_STATUS, ORDER_STATUS } from './codes'

const id = z.coerce.number().int().positive().max(2_147_483_647)
const int = z.number().int()
const cents = z.number().int().min(0)
const pageQuery = {
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
}
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: int })
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), id.optional())

export const goodsType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
export const orderStatus = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
])

// ---- catalogue ----
export const educationType = z.object({ educationTypeId: int, educationName: z.string(), sort: int })
export const business = z.object({
  businessId: int,
  businessName: z.string(),
  educationTypeId: int,
  educationName: z.string(),
  sort: int,
})
export const subject = z.object({
  subjectId: int,
  subjectName: z.string(),
  businessId: int,
  status: int,
  /** ids of the course project types this subject offers: 1 recorded course, 2 question bank, 3 live */
  projectList: z.array(int),
  sort: int,
})
export const businessDetail = business.extend({ description: z.string(), subjects: z.array(subject) })

export const teacher = z.object({
  teacherId: int,
  teacherName: z.string(),
  title: z.string(),
  avatar: z.string(),
  intro: z.string(),
})

export const goodsRow = z.object({
  goodsId: int,
  goodsName: z.string(),
  goodsType,
  cover: z.string(),
  price: cents,
  originalPrice: cents,
  isFree: z.boolean(),
  /** sales */
  buyCount: int,
  teacherNames: z.array(z.string()),
  courseNum: int,
  tags: z.array(z.string()),
  educationTypeId: int,
  businessId: int,
  subjectId: int,
  /** days of access after purchase; 0 = no expiry */
  validityDays: int,
})

export const courseRow = z.object({
  courseId: int,
  courseName: z.string(),
  cover: z.string(),
  teacherName: z.string(),
  chapterNum: int,
  sectionNum: int,
})

export const section = z.object({
  sectionId: int,
  sectionName: z.string(),
  chapterId: int,
  courseId: int,
  durationSeconds: int,
  /** free to try (audition) */
  audition: z.boolean(),
  sort: int,
})
export const chapter = z.object({
  chapterId: int,
  chapterName: z.string(),
  courseId: int,
  sort: int,
  sectionNum: int,
})
export const menuChapter = chapter.extend({ sectionList: z.array(section) })

export const goodsDetail = goodsRow.extend({
  /** sanitised HTML */
  description: z.string(),
  /** on shelf and orderable */
  onSale: z.boolean(),
  handoutCount: int,
  /** section ids that are free to try */
  goodsAuditionConfigIdList: z.array(int),
  courses: z.array(courseRow),
  teachers: z.array(teacher),
  /** goods inside a package (empty for other kinds) */
  packageGoods: z.array(goodsRow),
  /**
   * a live goods' classes, each with its date and time (issue 25: the contents list "第N次直播" without when); in
   * schedule order, at most 200; absent for other kinds. The state may be up to 30 s old (a public read).
   */
  liveSessions: z
    .array(
      z.object({
        sessionId: int,
        title: z.string(),
        /** Unix seconds */
        startTime: int,
        endTime: int,
        state: z.enum(LIVE_STATES),
      }),
    )
    .optional(),
})

export const activityGoods = goodsRow.extend({ activityPrice: cents })
export const activityLanding = z.object({
  activityId: int,
  activityName: z.string(),
  /** 'distribution' (a distributor's recommend code) or 'share' (share activity) */
  kind: z.enum(['distribution', 'share']),
  code: z.string(),
  endTime: int.nullable(),
  goods: z.array(activityGoods),
})

// ---- cart ----
export const cartRow = z.object({
  cartId: int,
  goodsId: int,
  goodsName: z.string(),
  goodsType,
  cover: z.string(),
  price: cents,
  originalPrice: cents,
  /** 1 chosen for checkout, 0 not */
  choice: z.union([z.literal(0), z.literal(1)]),
  /** false when the goods went off shelf (it cannot be ordered) */
  onSale: z.boolean(),
})
export const cartList = z.object({
  rows: z.array(cartRow),
  /** number of rows (the cart badge) */
  total: int,
  chosenCount: int,
  /** sum of the chosen, on-sale rows, computed by the server */
  chosenTotalPrice: cents,
})

// ---- orders ----
export const orderGoods = z.object({
  goodsId: int,
  goodsName: z.string(),
  goodsType,
  cover: z.string(),
  price: cents,
  originalPrice: cents,
})
export const order = z.object({
  orderId: int,
  orderNo: z.string(),
  orderStatus,
  totalPrice: cents,
  payPrice: cents,
  /** 'small' (mini-program), 'gzh' (H5 in WeChat / official account), 'activity' */
  channel: z.string(),
  createTime: int,
  /** pay before this time, then the order closes (pending only) */
  expireTime: int,
  payTime: int.nullable(),
  /** 'local' | 'wechat' | 'free' once paid */
  payProvider: z.string().nullable(),
  invoiceId: int.nullable(),
  /** the state of that invoice (0 requested, 1 issued); null without an invoice */
  invoiceStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  refundReason: z.string().nullable(),
  refundApplyTime: int.nullable(),
  refundHandleTime: int.nullable(),
  refundRejectReason: z.string().nullable(),
  goods: z.array(orderGoods),
})

export const payParams = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('local'),
    payNo: z.string(),
    /** a server page (same origin as the API host): show it in the browser / web-view; it confirms or cancels */
    payUrl: z.string(),
  }),
  z.object({
    provider: z.literal('wechat'),
    payNo: z.string(),
    appId: z.string(),
    timeStamp: z.string(),
    nonceStr: z.string(),
    package: z.string(),
    signType: z.literal('RSA'),
    paySign: z.string(),
  }),
])

export const placeResult = z.object({
  orderId: int,
  orderNo: z.string(),
  orderStatus,
  totalPrice: cents,
  payPrice: cents,
  /** true when nothing is left to pay (free goods: the order is already paid and entitled) */
  paid: z.boolean(),
  /** null when paid (free) */
  pay: payParams.nullable(),
})

const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8-64 letters, digits, - or _ (a uuid per checkout)')
/** WeChat payer openid (needed by the WeChat provider; the local provider ignores it) */
const openId = z.string().trim().max(64).optional()
const idList = z.array(id).min(1).max(50)

const placeBody = z
  .object({
    goodsIds: idList.optional(),
    cartIds: idList.optional(),
    idempotencyKey,
    inviteCode: z.string().trim().max(32).optional(),
    openId,
  })
  .refine((b) => (b.goodsIds ? 1 : 0) + (b.cartIds ? 1 : 0) === 1, 'give goodsIds or cartIds')

export const invoice = z.object({
  invoiceId: int,
  orderIds: z.array(int),
  orderNos: z.array(z.string()),
  titleType: z.union([z.literal(1), z.literal(2)]),
  title: z.string(),
  taxNo: z.string(),
  email: z.string(),
  amount: cents,
  invoiceStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  createTime: int,
  issueTime: int.nullable(),
})

export const myGoods = z.object({
  goodsId: int,
  goodsName: z.string(),
  goodsType,
  cover: z.string(),
  courseNum: int,
  orderId: int.nullable(),
  grantTime: int,
  /** null = no expiry */
  expireTime: int.nullable(),
  expired: z.boolean(),
})

export const viewSign = z.object({
  /** the receipt page, valid until expireTime: `{apiBase}/order/view/<orderNo>/<link>` */
  url: z.string(),
  expireTime: int,
})

const TAX_NO_RE = /^[0-9A-HJ-NPQRTUWXY]{15,20}$/

export const shopSchemas = {
  // ---- catalogue (public) ----
  'GET /app/common/course/educationType/list': { data: z.array(educationType) },
  'GET /app/common/course/business/list': {
    query: z.object({ educationTypeId: optionalId }),
    data: z.array(business),
  },
  'GET /app/common/course/subject/list': {
    query: z.object({
      businessId: optionalId,
      status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(1).optional()),
    }),
    data: z.array(subject),
  },
  'GET /app/common/course/business/:id': { params: z.object({ id }), data: businessDetail },
  'GET /app/common/goods/list': {
    query: z.object({
      educationTypeId: optionalId,
      businessId: optionalId,
      subjectId: optionalId,
      goodsType: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
      keyword: z.string().trim().max(50).optional(),
      ...pageQuery,
    }),
    data: page(goodsRow),
  },
  'GET /app/common/goods/:id': { params: z.object({ id }), data: goodsDetail },
  'GET /app/common/goods/course/list/:id': { params: z.object({ id }), data: z.array(courseRow) },
  'GET /app/common/course/teacher/list': {
    query: z.object({ goodsId: optionalId }),
    data: z.array(teacher),
  },
  'GET /app/common/course/menuList': {
    query: z
      .object({ goodsId: optionalId, courseId: optionalId })
      .refine((q) => q.goodsId !== undefined || q.courseId !== undefined, 'give goodsId or courseId'),
    data: z.array(menuChapter),
  },
  /** id = courseId */
  'GET /app/common/course/chapterList/:id': { params: z.object({ id }), data: z.array(chapter) },
  /** id = chapterId */
  'GET /app/common/course/sectionList/:id': { params: z.object({ id }), data: z.array(section) },
  'GET /app/common/goods/goods/list/:id': { params: z.object({ id }), data: z.array(goodsRow) },
  'GET /app/common/goods/distribution/goods': {
    query: z.object({ code: z.string().trim().min(1).max(32) }),
    data: activityLanding,
  },
  'GET /app/common/goods/share/list/:id': { params: z.object({ id }), data: activityLanding },

  // ---- logged in ----
  'POST /goods/check/goods/status': {
    body: z.object({
      goodsIds: idList,
      /** optional: the prices the app shows, same order as goodsIds; priceChanged compares them */
      prices: z.array(cents).max(50).optional(),
    }),
    data: z.array(
      z.object({
        goodsId: int,
        /** exists in this tenant and is on shelf */
        onSale: z.boolean(),
        price: cents,
        priceChanged: z.boolean(),
        /** the learner already has an active entitlement */
        owned: z.boolean(),
      }),
    ),
  },
  'GET /order/check/buy/:id': {
    params: z.object({ id }),
    data: z.object({ goodsId: int, bought: z.boolean(), expireTime: int.nullable() }),
  },
  'GET /order/study/check/:id': {
    params: z.object({ id }),
    data: z.object({
      goodsId: int,
      canStudy: z.boolean(),
      reason: z.enum(['ok', 'not_bought', 'expired']),
      expireTime: int.nullable(),
    }),
  },
  'POST /order/firstChoiceGoods': { body: z.object({ goodsId: id }), data: z.null() },
  'POST /user/subscribe/save/offline': {
    body: z.object({
      name: z.string().trim().min(1, 'name is required').max(30),
      telPhone: z
        .string()
        .trim()
        .regex(/^1[3-9]\d{9}$/, 'telPhone must be an 11-digit mobile number'),
      goodsId: id.optional(),
      remark: z.string().trim().max(500).optional(),
    }),
    data: z.object({ subscribeId: int }),
  },
  'GET /order/goods/list': {
    query: z.object({
      goodsType: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
      ...pageQuery,
    }),
    data: page(myGoods),
  },

  // ---- cart ----
  'POST /base/cart': { body: z.object({ goodsId: id }), data: z.object({ cartId: int }) },
  'POST /base/cart/updateBatchChoice': {
    body: z
      .object({
        cartIds: idList.optional(),
        all: z.boolean().optional(),
        choice: z.union([z.literal(0), z.literal(1)]),
      })
      .refine((b) => b.all === true || (b.cartIds?.length ?? 0) > 0, 'give cartIds or all: true'),
    data: z.null(),
  },
  /** id = cartId */
  'POST /base/cart/delete/:id': { params: z.object({ id }), data: z.null() },
  'GET /base/cart/list': { data: cartList },

  // ---- orders ----
  'POST /order/placeSmallOrder': { body: placeBody, data: placeResult },
  'POST /order/placeGzhOrder': { body: placeBody, data: placeResult },
  'POST /order/resumeSmallOrder': { body: z.object({ orderId: id, openId }), data: placeResult },
  'POST /order/resumePlaceGzhOrder': { body: z.object({ orderId: id, openId }), data: placeResult },
  'POST /order/activity/goods': {
    body: z.object({
      activityId: id,
      goodsId: id,
      idempotencyKey,
      channel: z.enum(['small', 'gzh']).default('gzh'),
      openId,
    }),
    data: placeResult,
  },
  'POST /order/edit': {
    body: z.object({ orderId: id, action: z.literal('cancel') }),
    data: z.object({ orderId: int, orderStatus }),
  },
  'GET /order/list': {
    query: z.object({
      orderStatus: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(7).optional()),
      ...pageQuery,
    }),
    data: page(order),
  },
  'GET /order/info': {
    query: z
      .object({ orderId: optionalId, orderNo: z.string().trim().min(1).max(40).optional() })
      .refine((q) => q.orderId !== undefined || q.orderNo !== undefined, 'give orderId or orderNo'),
    data: order,
  },
  'POST /order/refund': {
    body: z.object({ orderId: id, reason: z.string().trim().min(1, 'reason is required').max(200) }),
    data: z.object({ orderId: int, orderStatus }),
  },
  'GET /order/refund/list': { query: z.object({ ...pageQuery }), data: page(order) },
  'POST /order/invoice': {
    body: z
      .object({
        orderIds: idList,
        titleType: z.union([z.literal(1), z.literal(2)]),
        title: z.string().trim().min(1, 'title is required').max(100),
        taxNo: z.string().trim().toUpperCase().max(20).optional(),
        email: z.string().trim().max(100).pipe(z.email('email must be an email address')),
      })
      .refine((b) => b.titleType === 1 || (b.taxNo !== undefined && TAX_NO_RE.test(b.taxNo)), {
        message: 'taxNo: a company title needs a tax number (15-20 letters or digits)',
        path: ['taxNo'],
      }),
    data: z.object({ invoiceId: int }),
  },
  'POST /order/invoice/cancel': { body: z.object({ invoiceId: id }), data: z.null() },
  'GET /order/invoice/list': { query: z.object({ ...pageQuery }), data: page(invoice) },
  'GET /order/invoice/canInvoiceList': { data: z.array(order) },

  // ---- payment ----
  'POST /wx/pay/payment': { body: z.object({ orderId: id, openId }), data: payParams },
  /** server to server; the raw body is verified (signature headers), so the parsed body is not trusted */
  'POST /wx/pay/callback': {
    body: z.unknown(),
    data: z.object({ code: z.literal('SUCCESS'), message: z.string() }),
  },
  // the signed link to a paid order's receipt page (issue 17; server/src/modules/order/receipt.ts)
  'GET /order/getViewSign/:id': { params: z.object({ id }), data: viewSign },
} satisfies Partial<Record<RouteKey, RouteSchema>>

/** The staff desk's orders (../staff.ts; server/src/modules/order/staff.ts): refund requests and invoices. */
export const shopStaffSchemas = {
  /** open refund requests, oldest first */
  'GET /staff/refunds': {
    data: z.array(
      z.object({
        orderId: int,
        orderNo: z.string(),
        userAccount: z.string(),
        payPrice: int,
        refundReason: z.string().nullable(),
        /** ISO time */
        refundRequestedAt: z.string().nullable(),
      }),
    ),
  },
  /** approval revokes the entitlement (the money itself is returned in the payment provider's merchant platform) */
  'POST /staff/refunds/:orderId': {
    params: z.object({ orderId: rowId }),
    body: decision,
    data: z.object({ orderId: int, orderStatus: int }),
  },
  /** requested, not yet issued invoices, oldest first */
  'GET /staff/invoices': {
    data: z.array(
      z.object({
        invoiceId: int,
        userAccount: z.string(),
        titleType: int,
        title: z.string(),
        taxNo: z.string(),
        email: z.string(),
        amount: int,
        orderIds: z.array(int),
      }),
    ),
  },
  'POST /staff/invoices/:invoiceId/issue': {
    params: z.object({ invoiceId: rowId }),
    data: z.object({ invoiceId: int, invoiceStatus: int }),
  },
} satisfies Partial<Record<StaffRouteKey, RouteSchema>>
