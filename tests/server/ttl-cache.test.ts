/** The server's one small in-process cache (server/src/services/shared/ttl-cache.ts). */
import { describe, expect, it } from 'vitest'
import { TtlCache } from '../../server/src/services/shared/ttl-cache'

describe('TtlCache', () => {
  it('keeps an answer for its time, shares a read in flight, and reads again once it is old', async () => {
    let now = 0
    let reads = 0
    const cache = new TtlCache<number>(1000, 10, () => now)
    const load = async () => ++reads
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)])
    expect([a, b, reads]).toEqual([1, 1, 1])
    now = 999
    expect(await cache.get('k', load)).toBe(1)
    now = 1000
    expect(await cache.get('k', load)).toBe(2)
    expect(await cache.get('k', load, true)).toBe(3) // fresh: read now
  })

  it('does not keep a failed read, and forgets the oldest past its size', async () => {
    const cache = new TtlCache<string>(60_000, 2)
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('x', async () => 'up')).toBe('up')
    cache.set('y', 'y1')
    cache.set('z', 'z1') // x is the oldest: it goes
    expect(await cache.get('x', async () => 'read again')).toBe('read again')
    cache.dropWhere((k) => k === 'z')
    expect(await cache.get('z', async () => 'z2')).toBe('z2')
  })
})
