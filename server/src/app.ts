/**
 * The Fastify instance: plugins, the ONE error handler, tenant + auth guard, then every contract route, the learner's
 * and the school staff's (contract/api.ts: the staff calls name the roles the guard checks)
 * (handler when one exists, otherwise the 501 'not available' envelope).
 */
import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import helmet from '@fastify/helmet'
import multipart from '@fastify/multipart'
import rateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify'
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { type ApiKey, apiRoutes } from '../../contract/api'
import type { RouteMeta } from '../../contract/routes'
import { type RouteSchema, schemas } from '../../contract/schemas'
import { AUTO_SUBMIT_SWEEP_SECONDS } from '../../contract/schemas/exam-codes'
import { storable, UnstorableText } from '../../shared/rules/storable-text'
import type { AppConfig } from './config'
import type { Db } from './db'
import { AppError, type Ctx, EnvelopeResult, envelope, httpStatusOf, type Services, TenantScope } from './http/core'
import { h5PageSender } from './http/h5-page'
import { langOf, refusalEnvelope } from './http/refusals'
import { staffAccess } from './http/staff-auth'
import { tenantResolver } from './http/tenant'
import { handlers } from './modules'
import { registerConsole } from './modules/console'
import { sweepExpired } from './modules/exam/attempts'
import { registerCertificateRoutes } from './modules/exam/certificates'
import { REMIND_SWEEP_MS, sweepReminders } from './modules/inform/reminders'
import { registerMediaRoutes } from './modules/learn/media'
import { registerPolyvCallback } from './modules/learn/polyv-callback'
import { LiveAccess } from './modules/live/access'
import { attachChat } from './modules/live/chat'
import { LiveEvents } from './modules/live/events'
import { createLiveProvider } from './modules/live/video'
import { PublishNotes } from './modules/live/video/publish-notes'
import { registerLiveRoutes } from './modules/live/video/routes'
import { registerLocalPayPage } from './modules/order/pay-page'
import { registerReceiptPage } from './modules/order/receipt-page'
import { closeExpiredOrders } from './modules/order/service'
import { PLAN_REMIND_SWEEP_MS, sweepPlanReminders } from './modules/plan/reminder'
import {
  formBodyParser,
  isMalformedMultipart,
  MULTIPART_LIMITS,
  receiveApiUpload,
  tenantFromUploadKey,
} from './modules/upload/hooks'
import { registerUploadStore } from './modules/upload/store'
import { staticAsset } from './seed/assets'
import { LocalPaymentProvider, type PaymentProvider, WechatPaymentProvider } from './services/payment'
import { PublicCache } from './services/shared/public-cache'
import { openSharedRedis } from './services/shared/redis'
import { everyTick } from './services/shared/ticks'
import { sweepUsedSigns } from './services/sign'
import { LocalSmsSender } from './services/sms'
import { authenticate, sessions } from './services/tokens'

export interface BuildOptions {
  db: Db
  config: AppConfig
  /** fastify logger options (false = silent); main.ts passes pino options */
  logger?: FastifyServerOptions['logger']
  services?: Partial<Services>
}

type AnyHandler = (ctx: Ctx, input: unknown) => Promise<unknown>
const handlerOf = (key: ApiKey) => (handlers as Record<string, AnyHandler | undefined>)[key]
const schemaOf = (key: ApiKey) => (schemas as Partial<Record<string, RouteSchema>>)[key]

/** Contract routes (learner and staff) that have no handler yet (they answer 501). */
export const unimplementedRoutes = (): ApiKey[] =>
  (Object.keys(apiRoutes) as ApiKey[]).filter((k) => !handlerOf(k) || !schemaOf(k))

/** The refusal a route names for an input part that failed its schema (contract/schemas/types.ts Refusal). */
function namedRefusal(refusals: RouteSchema['refusals'], context: string | undefined, field: string) {
  const part = context === 'querystring' ? 'query' : context
  const r = part === 'query' || part === 'params' || part === 'body' ? refusals?.[part] : undefined
  if (r === undefined) return undefined
  if (typeof r === 'string') return { code: 400, msg: r }
  return { code: r.code ?? 400, msg: r.byField?.[field.split('.')[0] ?? ''] ?? r.msg }
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: Ctx
    rawBody?: string
  }
  interface FastifyContextConfig {
    /** the contract's refusals of the route's input (RouteSchema['refusals']), sent by the error handler */
    refusals?: RouteSchema['refusals']
  }
}

/** Routes whose handler verifies a signature over the exact body bytes. */
const RAW_BODY = new Set<ApiKey>(['POST /wx/pay/callback', 'POST /aliyun/oss/callback'])
const RAW_BODY_LIMIT = 64 * 1024
// the H5 build's js/ and css/ files carry a content hash in their name (config/index.ts h5.output)
const HASHED_ASSET = /(?:^|[\\/])(?:js|css)[\\/][^\\/]+\.[0-9a-f]{8,}\.(?:js|css)(?:\.br|\.gz)?$/
const PAY_CALLBACK: ApiKey = 'POST /wx/pay/callback'
/** The object store calls it without our headers: the tenant guard runs after the body names the key. */
const UPLOAD_CALLBACK: ApiKey = 'POST /aliyun/oss/callback'
const API_UPLOAD: ApiKey = 'POST /aliyun/oss/upload'

const RATE_LIMITED_LOGIN = new Set<ApiKey>([
  'POST /login',
  'POST /app/common/account_login',
  'POST /app/common/telphone_login',
  'POST /app/common/sms_login',
  'POST /app/common/register_small',
  'POST /app/common/register_forget',
  'GET /app/common/dual_auth',
  // WeChat logins and bindings (modules/wechat): a code exchange and a bind by SMS are logins too
  'POST /app/common/openIdLogin',
  'POST /app/common/bindLogin',
  'POST /app/common/check/gzh_openId',
  'POST /app/common/wx/gzh_bind',
  'POST /app/common/wx/exam/getOpenid',
])

/**
 * Public, rarely changing reads cached per tenant and query (services/shared/public-cache.ts): every staff write
 * drops the tenant's entries on every process (Redis pub/sub); the TTL is the backstop for changes made by hand.
 */
const PUBLIC_CACHE_MS = 30_000
const CACHED_PUBLIC = new Set<ApiKey>([
  'GET /app/common/config',
  'GET /app/common/system/dict/data/list',
  'GET /app/common/base/advertising/homeLocation',
  'GET /app/common/base/advertising/adLocation',
  'GET /app/common/base/advertising/list',
  'GET /app/common/base/home/list',
  'GET /app/consultation/list',
  'GET /app/common/course/educationType/list',
  'GET /app/common/course/business/list',
  'GET /app/common/course/subject/list',
  'GET /app/common/course/business/:id',
  'GET /app/common/goods/list',
  'GET /app/common/goods/:id',
  'GET /app/common/goods/course/list/:id',
  'GET /app/common/goods/goods/list/:id',
  'GET /app/common/course/teacher/list',
  'GET /app/common/course/menuList',
  'GET /app/common/course/chapterList/:id',
  'GET /app/common/course/sectionList/:id',
  'GET /app/common/prompt',
])

/** Keeps the exact body bytes (req.rawBody) and hands fastify's parser an identical stream. */
async function keepRawBody(req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of payload) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += b.length
    if (size > RAW_BODY_LIMIT) throw Object.assign(new Error('body too large'), { statusCode: 413 })
    chunks.push(b)
  }
  const buf = Buffer.concat(chunks)
  req.rawBody = buf.toString('utf8')
  const out = new PassThrough()
  out.end(buf)
  return out
}

/** WeChat calls the notify URL without headers of ours: the tenant travels as `?tenantId=` in that URL. */
async function tenantFromQuery(req: FastifyRequest) {
  const q = req.query as { tenantId?: unknown } | undefined
  if (!req.headers['tenant-id'] && typeof q?.tenantId === 'string') req.headers['tenant-id'] = q.tenantId
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { db, config } = opts
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1024 * 1024,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // REDIS_URL: one connection pair shared by the rate limits, the public cache, the sweeps' locks and the chat;
  // closed last (onClose hooks run in reverse order of adding: this is the first one)
  const redis = config.redisUrl ? openSharedRedis(config.redisUrl, config.secret, app.log) : undefined
  if (redis) app.addHook('onClose', async () => redis.close())
  // sessions ended on another process are forgotten here too (services/shared/session-cache.ts)
  if (redis) {
    const stopListening = sessions.listen(redis, app.log)
    app.addHook('onClose', async () => stopListening())
  }
  const payment: PaymentProvider =
    opts.services?.payment ??
    (config.payment.provider === 'wechat' && config.payment.wechat
      ? new WechatPaymentProvider(config.payment.wechat)
      : new LocalPaymentProvider(config.secret, config.apiBase))
  const cache = new PublicCache({ ttlMs: PUBLIC_CACHE_MS, redis, log: app.log })
  app.addHook('onClose', async () => cache.close())
  const services: Services = {
    content: cache,
    sms: opts.services?.sms ?? new LocalSmsSender(app.log),
    payment,
    // who may still watch (live/access.ts): lesson videos, the live rooms' media, chat and detail share one
    live: {
      ...(opts.services?.live ?? { provider: createLiveProvider(config), events: new LiveEvents() }),
      access: new LiveAccess(db, { ttlMs: config.live.accessCheckMs }),
      notes: new PublishNotes(redis),
    },
    ...(redis ? { redis } : {}),
  }

  // The H5 app is served by this server: its inline bootstrap needs a permissive CSP, so CSP is off.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false })
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: '1 minute',
    // several processes count together in Redis; while Redis is away requests pass (limits lapse, the API stays up)
    ...(redis ? { redis: redis.cmd, nameSpace: `${redis.prefix}:rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      code: 429,
      msg: `too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`,
      data: null,
    }),
  })

  await app.register(multipart, { limits: MULTIPART_LIMITS })

  app.setErrorHandler((err: unknown, req, reply) => {
    // refusals in the language the request names (http/refusals.ts)
    const send = (code: number, msg: string, data: unknown = null) =>
      reply.code(httpStatusOf(code)).send(refusalEnvelope(code, msg, data, req.headers))
    if (err instanceof AppError) return send(err.code, err.message, err.data)
    if (err instanceof UnstorableText) return send(400, err.message)
    if (isMalformedMultipart(err)) return send(400, `malformed multipart body: ${err.message}`)
    if (hasZodFastifySchemaValidationErrors(err)) {
      const v = err.validation[0]!
      const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || 'input'
      // a route may name its own refusal of a part (the staff desk's calls do: contract/schemas/types.ts Refusal)
      const named = namedRefusal(req.routeOptions.config?.refusals, err.validationContext, field)
      if (named) return send(named.code, named.msg)
      return send(400, `${field}: ${v.message}`)
    }
    const e = err as { statusCode?: number; message?: string; code?: string }
    const status = typeof e.statusCode === 'number' ? e.statusCode : 500
    if (status === 429) return send(429, (err as { msg?: string }).msg ?? 'too many requests')
    if (status >= 400 && status < 500) {
      // fastify's own client errors (bad JSON, wrong content type, body too large): no internals in them
      const code = [401, 403, 404, 409].includes(status) ? status : 400
      return send(code, e.message?.slice(0, 200) || 'bad request')
    }
    req.log.error({ err }, 'request failed')
    return send(500, 'internal server error')
  })

  // Text the database cannot store, for every route (contract, staff desk, pay page, uploads): NUL is refused
  // naming the field, a lone surrogate becomes U+FFFD (shared/rules/storable-text.ts), before any validation.
  app.addHook('preValidation', async (req) => {
    req.query = storable(req.query, '')
    req.params = storable(req.params, '')
    req.body = storable(req.body, '')
  })

  // index.html with the host's tenant in it (http/h5-page.ts), at / and as the history router's fallback
  const sendH5Page = config.staticDir ? h5PageSender(db, config.staticDir, cache) : undefined
  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0] ?? '/'
    if (
      sendH5Page &&
      config.staticDir &&
      req.method === 'GET' &&
      !urlPath.startsWith(`${config.apiBase}/`) &&
      fs.existsSync(path.join(config.staticDir, 'index.html'))
    ) {
      // a missing hashed chunk (an old build's name) is a 404, not the page: the loader then fails and retries
      if (HASHED_ASSET.test(urlPath)) return reply.code(404).send(envelope(404, 'not found', null))
      // SPA fallback (history router); never cached, like index.html itself
      return sendH5Page(req, reply)
    }
    return reply.code(404).send(refusalEnvelope(404, `not found: ${req.method} ${urlPath}`, null, req.headers))
  })

  if (config.staticDir && fs.existsSync(config.staticDir)) {
    // The H5 build (docs/DECISIONS.md "First load"): the .br / .gz files scripts/build.mjs writes next to each asset,
    // chosen by Accept-Encoding; the content-hashed js/ and css/ files never change under their name (a year,
    // immutable), everything else (index.html above all, which names the current chunks) is revalidated each time.
    await app.register(fastifyStatic, {
      root: path.resolve(config.staticDir),
      wildcard: true,
      index: false, // `/` and `/index.html` are the page routes below
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => {
        reply.header('cache-control', HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache')
        // one URL, a brotli, gzip or plain body by Accept-Encoding: a cache in between must key on it
        reply.header('vary', 'accept-encoding')
      },
    })
    if (sendH5Page && fs.existsSync(path.join(config.staticDir, 'index.html'))) {
      app.get('/', sendH5Page)
      app.get('/index.html', sendH5Page)
    }
  }

  // Seeded images (covers, banners, portraits, the WeChat QR card, home icons): no external URLs (seed/assets.ts).
  app.get('/static-assets/:name', async (req, reply) => {
    const found = await staticAsset((req.params as { name: string }).name)
    if (!found) return reply.code(404).send(envelope(404, 'not found', null))
    reply.type(found.type).header('cache-control', `public, max-age=${found.maxAge}`).header('etag', found.etag)
    if (req.headers['if-none-match'] === found.etag) return reply.code(304).send()
    return reply.send(found.body)
  })

  // ---- tenant + auth: the ONE place ----
  const tenantOf = tenantResolver(db) // the `tenant-id` header (http/tenant.ts)
  const guard = (meta: RouteMeta) => async (req: FastifyRequest) => {
    const at = { db, config, services, log: req.log, ip: req.ip, hostname: req.hostname, lang: langOf(req.headers) }
    if (meta.roles) {
      // a staff call: the account's role, or the operator's X-Staff-Token (http/staff-auth.ts)
      const { scope, staff, user } = await staffAccess(db, req, meta, { tenantOf, staffToken: config.staffToken })
      req.ctx = { ...at, scope, staff, ...(user ? { user } : {}) }
      return
    }
    const scope = meta.noTenant ? new TenantScope(0) : await tenantOf(req)
    req.ctx = { ...at, scope }
    if (!meta.public) req.ctx.user = await authenticate(db, scope, req.headers.authorization)
  }

  // A staff write may change what the cached public reads show: the tenant's entries go on every process. Content
  // edited outside the server (SQL, imports) is announced with POST /staff/content/changed.
  const staffWrote = async (req: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode < 400) await cache.changed(req.ctx.scope.tenantId)
  }

  const sendResult = (reply: FastifyReply, out: unknown) => {
    if (out instanceof EnvelopeResult) {
      return reply
        .code(out.httpStatus)
        .send(
          out.code === 200
            ? envelope(out.code, out.msg, out.data)
            : refusalEnvelope(out.code, out.msg, out.data, reply.request.headers),
        )
    }
    return reply.code(200).send(envelope(200, 'ok', out ?? null))
  }

  await app.register(
    async (api) => {
      api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, formBodyParser)
      for (const key of Object.keys(apiRoutes) as ApiKey[]) {
        const meta: RouteMeta = apiRoutes[key]
        const handler = handlerOf(key)
        const schema = schemaOf(key)
        const rl = RATE_LIMITED_LOGIN.has(key)
          ? { max: config.rateLimit.loginMax, timeWindow: '1 minute' }
          : key.startsWith('POST /app/common/sms/')
            ? { max: config.rateLimit.smsMax, timeWindow: '1 minute' }
            : undefined
        const common = {
          method: meta.method,
          url: meta.path,
          onRequest: key === PAY_CALLBACK ? [tenantFromQuery, guard(meta)] : key === UPLOAD_CALLBACK ? [] : guard(meta),
          config: { ...(rl ? { rateLimit: rl } : {}), ...(schema?.refusals ? { refusals: schema.refusals } : {}) },
        }
        if (!handler || !schema) {
          api.route({
            ...common,
            handler: async (req, reply) =>
              reply
                .code(501)
                .send(refusalEnvelope(501, `not available: ${meta.method} ${meta.path}`, null, req.headers)),
          })
          continue
        }
        api.route({
          ...common,
          ...(RAW_BODY.has(key) ? { preParsing: keepRawBody } : {}),
          ...(key === UPLOAD_CALLBACK ? { preHandler: [tenantFromUploadKey, guard(meta)] } : {}),
          ...(key === API_UPLOAD ? { preValidation: receiveApiUpload } : {}),
          ...(meta.roles && meta.method === 'POST' ? { onResponse: staffWrote } : {}),
          schema: {
            ...(schema.query ? { querystring: schema.query } : {}),
            ...(schema.params ? { params: schema.params } : {}),
            ...(schema.body ? { body: schema.body } : {}),
          },
          handler: async (req, reply) => {
            const run = () =>
              handler(req.ctx, {
                query: req.query,
                params: req.params,
                body: req.body,
                headers: req.headers,
                rawBody: req.rawBody,
              })
            const out = CACHED_PUBLIC.has(key)
              ? await cache.get(req.ctx.scope.tenantId, `${key} ${JSON.stringify([req.query, req.params])}`, run)
              : await run()
            return sendResult(reply, out)
          },
        })
      }
    },
    { prefix: config.apiBase },
  )

  if (payment instanceof LocalPaymentProvider) await registerLocalPayPage(app, db, config, payment)
  // the console's pages (docs/DECISIONS.md "Console"); its calls are contract routes (contract/staff.ts)
  await registerConsole(app, config)
  // who may still watch (live/access.ts): lesson videos here, the live rooms' media and chat below
  const liveAccess = services.live.access!
  await registerMediaRoutes(app, config, liveAccess)
  await registerUploadStore(app, config)
  await registerCertificateRoutes(app, db, config)
  await registerReceiptPage(app, db, config) // a paid order's receipt page (issue 17)
  await registerPolyvCallback(app, db, config) // polyv's authorization callback, with polyv as the video provider

  // Sweeps: once per tick across processes (services/shared/ticks.ts).
  // Unpaid orders past their deadline close lazily on read; this sweep closes the rest every minute.
  const orderSweep = everyTick({
    name: 'orders',
    everyMs: 60_000,
    db,
    redis,
    log: app.log,
    run: async () => {
      await closeExpiredOrders(db)
    },
  })
  // timed exam attempts past their deadline + grace are submitted on read; this sweep submits the rest
  const examSweep = everyTick({
    name: 'exams',
    everyMs: AUTO_SUBMIT_SWEEP_SECONDS * 1000,
    db,
    redis,
    log: app.log,
    run: async () => {
      const n = await sweepExpired(db, new Date(), (err, recordId) =>
        app.log.warn({ err, recordId }, 'exam sweep: submit failed'),
      )
      if (n > 0) app.log.info({ submitted: n }, 'exam attempts submitted at their deadline')
    },
  })
  // the day-before reminder of a booked exam sitting or training, once per booking and session (messages)
  const reminderSweep = everyTick({
    name: 'exam-reminders',
    everyMs: REMIND_SWEEP_MS,
    db,
    redis,
    log: app.log,
    run: async () => {
      const n = await sweepReminders(db)
      if (n > 0) app.log.info({ sent: n }, 'exam reminders sent')
    },
  })
  // the study plan reminder: one message per learner on a planned day, from 08:00 Asia/Shanghai (modules/plan)
  const planSweep = everyTick({
    name: 'plan-reminders',
    everyMs: PLAN_REMIND_SWEEP_MS,
    db,
    redis,
    log: app.log,
    run: async () => {
      const n = await sweepPlanReminders(db)
      if (n > 0) app.log.info({ sent: n }, 'plan reminders sent')
    },
  })
  // skip-login signs already used: their rows matter only until the sign expires (services/sign.ts)
  const signSweep = everyTick({
    name: 'used-signs',
    everyMs: 10 * 60_000,
    db,
    redis,
    log: app.log,
    run: async () => {
      await sweepUsedSigns(db)
    },
  })
  app.addHook('onClose', async () => {
    orderSweep.stop()
    examSweep.stop()
    planSweep.stop()
    reminderSweep.stop()
    signSweep.stop()
  })

  // live video (local nginx-rtmp when enabled) and its events; the chat server attaches to the same HTTP server
  // HLS/VOD media routes, nginx's hooks, the verify URL; nginx itself starts once the server listens
  // the same access check (live/access.ts): a refund ends the media and the chat of the room within its period
  await registerLiveRoutes(app, { db, config, live: services.live, access: liveAccess })
  await services.live.provider.start(services.live.events)
  app.addHook('onClose', async () => services.live.provider.stop())
  // live chat: socket.io on this HTTP server (path /socket.io, namespace /chat); closes itself on close
  await attachChat(app, { db, config, events: services.live.events, access: liveAccess, ...(redis ? { redis } : {}) })

  return app
}
