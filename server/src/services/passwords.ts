/** Passwords: scrypt (node:crypto) with a random salt; stored as `scrypt$<salt>$<hash>` (base64). */
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, 32)
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [alg, salt, hash] = (stored ?? '').split('$')
  if (alg !== 'scrypt' || !salt || !hash) {
    // spend comparable time so that unknown accounts are not distinguishable by timing
    await scrypt(password, Buffer.alloc(16), 32)
    return false
  }
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length)
  return timingSafeEqual(actual, expected)
}
