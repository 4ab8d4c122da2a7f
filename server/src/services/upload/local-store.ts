/**
 * Files on this server's disk: a received stream goes to a temp file (counted, stopped once over the limit,
 * type sniffed) and only a checked file is renamed to `<dir>/<key>`, so a refused or broken upload never
 * leaves a partial file under a key. Temp files live in `<dir>/.tmp` (same file system, atomic rename); keys
 * never start with '.', so they are never served.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { isSafeKey, UploadRefused } from './policy'
import { imageDimensions, isImageType, SNIFF_BYTES, sniffType } from './sniff'
import type { ReceivedFile } from './types'

export interface ReceiveLimits {
  minBytes: number
  maxBytes: number
  /** refuse anything but jpeg, png, webp or gif */
  imageOnly: boolean
}

export class LocalStore {
  readonly root: string
  constructor(dir: string) {
    this.root = path.resolve(dir)
  }

  /** The file of a key, or null for a key that is not a plain relative name inside the store. */
  pathOf(key: string): string | null {
    if (!isSafeKey(key)) return null
    const full = path.resolve(this.root, key)
    return full.startsWith(this.root + path.sep) ? full : null
  }

  /** Streams an upload into a temp file within the limits; the caller commits or discards it. */
  async receive(stream: Readable, limits: ReceiveLimits): Promise<ReceivedFile> {
    const tmpDir = path.join(this.root, '.tmp')
    await fsp.mkdir(tmpDir, { recursive: true })
    const tmpPath = path.join(tmpDir, randomBytes(16).toString('hex'))
    let size = 0
    let head = Buffer.alloc(0)
    const tooLarge = () => new UploadRefused(400, `file too large: at most ${limits.maxBytes} bytes`)
    try {
      await pipeline(
        stream,
        async function* count(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length
            if (size > limits.maxBytes) throw tooLarge() // stop reading: nothing more is written
            if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES)
            yield chunk
          }
        },
        fs.createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }),
      )
      if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge()
      if (size < Math.max(1, limits.minBytes)) throw new UploadRefused(400, 'file is empty or too small')
      const mimeType = sniffType(head)
      if (limits.imageOnly && !isImageType(mimeType))
        throw new UploadRefused(400, 'file: only jpeg, png, webp or gif images are accepted here')
      if (!mimeType) throw new UploadRefused(400, 'file: type not accepted (images, pdf or mp4)')
      const dims = await imageDimensions(tmpPath, mimeType)
      return { tmpPath, size, mimeType, width: dims?.width ?? null, height: dims?.height ?? null }
    } catch (e) {
      await fsp.rm(tmpPath, { force: true })
      if (e instanceof UploadRefused) throw e
      if ((e as { statusCode?: number }).statusCode === 413) throw tooLarge() // the multipart parser's own cap
      throw e
    }
  }

  /** Moves a received file under its key (replacing an earlier file of the same key, as OSS does). */
  async commit(file: ReceivedFile, key: string): Promise<void> {
    const target = this.pathOf(key)
    if (!target) throw new UploadRefused(400, 'key: not a valid object name')
    await fsp.mkdir(path.dirname(target), { recursive: true })
    await fsp.rename(file.tmpPath, target)
  }

  async discard(file: ReceivedFile): Promise<void> {
    await fsp.rm(file.tmpPath, { force: true })
  }

  async remove(key: string): Promise<void> {
    const target = this.pathOf(key)
    if (target) await fsp.rm(target, { force: true })
  }

  /** Size and type of a stored file, or null when there is none. */
  async stat(key: string): Promise<{ path: string; size: number; mimeType: string | null } | null> {
    const target = this.pathOf(key)
    if (!target) return null
    const st = await fsp.stat(target).catch(() => null)
    if (!st?.isFile()) return null
    const fh = await fsp.open(target, 'r')
    try {
      const head = Buffer.alloc(SNIFF_BYTES)
      const { bytesRead } = await fh.read(head, 0, SNIFF_BYTES, 0)
      return { path: target, size: st.size, mimeType: sniffType(head.subarray(0, bytesRead)) }
    } finally {
      await fh.close()
    }
  }
}
