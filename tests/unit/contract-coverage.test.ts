/**
 * The contract holds every call of the spec's section 7 (docs/spec-calls.txt, a copy of the spec's list with its
 * shorthand expanded): brand segments are wx / aliyun / polyv and path parameters are named, so each spec line
 * `METHOD /a/{x}/b` must match one contract route segment by segment, and no contract route is outside the spec.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routes } from '../../contract/routes'

const spec = readFileSync(path.join(__dirname, '../../docs/spec-calls.txt'), 'utf8')
  .split('\n')
  .filter((l) => /^(GET|POST) \//.test(l))
const contract = Object.keys(routes)
const matches = (specLine: string, key: string) => {
  const [m1, p1] = specLine.split(' ')
  const [m2, p2] = key.split(' ')
  const a = p1!.split('/')
  const b = p2!.split('/')
  return m1 === m2 && a.length === b.length && a.every((seg, i) => seg === b[i] || (seg === '{x}' && b[i] !== ''))
}

describe('contract coverage of spec §7', () => {
  it('has a route for every spec call', () => {
    expect(spec.length).toBeGreaterThan(250)
    expect(spec.filter((s) => !contract.some((k) => matches(s, k)))).toEqual([])
  })
  it('has no route the spec does not list', () => {
    expect(contract.filter((k) => !spec.some((s) => matches(s, k)))).toEqual([])
  })
})
