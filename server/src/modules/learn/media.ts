/**
 * Media routes outside the API prefix: `GET /media/video/:name` and `GET /media/handout/:name` serve the files
 * under `<mediaDir>/video` and `<mediaDir>/handout` when the link's expiry `e` and sign `s` are valid (signed by
 * services/video.ts, 2 hours), with HTTP Range support (the video element asks for 206 ranges). 403 otherwise.
 * A link that names its holder (`h`: signed for a learner through a grant) plays only while the grant holds
 * (live/access.ts `holds`, answers kept 30 s: one read per learner and goods per period, whatever the ranges).
 */
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../../config'
import { envelope } from '../../http/core'
import { isMediaName, MEDIA_URL_SECONDS, type MediaKind, readMediaSign } from '../../services/video'
import type { LiveAccess } from '../live/access'

const TYPES: Record<MediaKind, string> = { video: 'video/mp4', handout: 'application/pdf' }

export async function registerMediaRoutes(app: FastifyInstance, config: AppConfig, access: LiveAccess) {
  await app.register(async (media) => {
    // reply.sendFile comes from @fastify/static: the app registers it when it serves the H5 build
    if (!media.hasReplyDecorator('sendFile'))
      await media.register(fastifyStatic, { root: config.mediaDir, serve: false })
    for (const kind of ['video', 'handout'] as const) {
      media.get(`/media/${kind}/:name`, async (req, reply) => {
        const { name } = req.params as { name: string }
        const q = req.query as { e?: unknown; s?: unknown; h?: unknown }
        const holder = isMediaName(name) ? readMediaSign(config.secret, kind, name, q) : false
        if (holder === false) return reply.code(403).send(envelope(403, 'invalid or expired media link', null))
        if (holder && !(await access.holds(holder)))
          return reply.code(403).send(envelope(403, 'your access to this course has ended', null))
        const dir = path.resolve(config.mediaDir, kind)
        if (!fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.isFile())
          return reply.code(404).send(envelope(404, 'media not found', null))
        return reply
          .header('cache-control', `private, max-age=${MEDIA_URL_SECONDS}`)
          .header('cross-origin-resource-policy', 'cross-origin')
          .type(TYPES[kind])
          .sendFile(name, dir, { cacheControl: false })
      })
    }
  })
}
