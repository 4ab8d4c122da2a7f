/**
 * File types from their first bytes (the name and the declared content type are the client's word, not proof)
 * and image dimensions read from the header bytes (PNG IHDR, GIF screen, WebP VP8/VP8L/VP8X, JPEG SOFn).
 */
import fs from 'node:fs/promises'
import { type FILE_TYPES, IMAGE_TYPES } from '../../../../contract/schemas/learn-codes'

/** Enough leading bytes for every signature below. */
export const SNIFF_BYTES = 16

export type SniffedType = (typeof FILE_TYPES)[number]

const ascii = (b: Buffer, at: number, s: string) =>
  b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s

export function sniffType(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg'
  if (ascii(head, 0, '\x89PNG\r\n\x1a\n')) return 'image/png'
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif'
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp'
  if (ascii(head, 0, '%PDF-')) return 'application/pdf'
  if (ascii(head, 4, 'ftyp')) return 'video/mp4'
  return null
}

export const isImageType = (t: string | null): boolean => (IMAGE_TYPES as readonly string[]).includes(t ?? '')

const EXT: Record<SniffedType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'application/pdf': '.pdf',
  'video/mp4': '.mp4',
}
export const extensionOf = (t: SniffedType): string => EXT[t]

export interface Dimensions {
  width: number
  height: number
}

async function readAt(fh: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length)
  const { bytesRead } = await fh.read(buf, 0, length, position)
  return buf.subarray(0, bytesRead)
}

function webpSize(b: Buffer): Dimensions | null {
  if (ascii(b, 12, 'VP8 ') && b.length >= 30)
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff }
  if (ascii(b, 12, 'VP8L') && b.length >= 25) {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!]
    return { width: 1 + (((b1 & 0x3f) << 8) | b0), height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)) }
  }
  if (ascii(b, 12, 'VP8X') && b.length >= 30) return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) }
  return null
}

/** Walks the JPEG segments (reading only their headers) to the first start-of-frame. */
async function jpegSize(fh: fs.FileHandle, fileSize: number): Promise<Dimensions | null> {
  let pos = 2
  for (let guard = 0; guard < 1000 && pos + 4 <= fileSize; guard++) {
    const h = await readAt(fh, pos, 4)
    if (h.length < 4 || h[0] !== 0xff) return null
    const marker = h[1]!
    if (marker === 0xff) {
      pos += 1 // fill byte
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += 2 // markers without a length
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return null // end of image / start of scan before any frame
    const length = h.readUInt16BE(2)
    if (length < 2) return null
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      const f = await readAt(fh, pos + 4, 5)
      if (f.length < 5) return null
      return { height: f.readUInt16BE(1), width: f.readUInt16BE(3) }
    }
    pos += 2 + length
  }
  return null
}

/** Width and height of a stored image, or null when the header does not say (or it is not an image). */
export async function imageDimensions(filePath: string, mimeType: string): Promise<Dimensions | null> {
  if (!isImageType(mimeType)) return null
  const fh = await fs.open(filePath, 'r')
  try {
    const head = await readAt(fh, 0, 32)
    let d: Dimensions | null = null
    if (mimeType === 'image/png' && head.length >= 24 && ascii(head, 12, 'IHDR'))
      d = { width: head.readUInt32BE(16), height: head.readUInt32BE(20) }
    else if (mimeType === 'image/gif' && head.length >= 10)
      d = { width: head.readUInt16LE(6), height: head.readUInt16LE(8) }
    else if (mimeType === 'image/webp') d = webpSize(head)
    else if (mimeType === 'image/jpeg') d = await jpegSize(fh, (await fh.stat()).size)
    return d && d.width > 0 && d.height > 0 && d.width < 2 ** 31 && d.height < 2 ** 31 ? d : null
  } finally {
    await fh.close()
  }
}
