/**
 * Enrolment profiles and stamp words (docs/DECISIONS.md "Enrolment profile and stamp words"): my goods that
 * collect a profile, the form of one (template + my values), create / edit, the stamp words to copy, the copy
 * (with a signature image when the template asks: V2) and the stamp that submits it to the school.
 */
import type { RouteData } from '../../../contract/types'
import { type CallOptions, call } from '../../services/api/call'

export { PROFILE_STATUS } from '../../../contract/schemas/profile-codes'

export type ProfileGoods = RouteData<'GET /base/profile/tp/goods_list'>[number]
export type ProfileForm = RouteData<'GET /base/profile/tp/listProfile'>
export type ProfileTemplate = ProfileForm['template']
export type ProfileField = ProfileTemplate['fields'][number]
export type ProfileDetail = RouteData<'GET /base/profile/tp/:id'>
export type StampInfo = RouteData<'GET /base/profileStamp/getInfo'>
export type ProfileValues = Record<string, string>

export const profileGoods = (opts?: CallOptions) => call('GET /base/profile/tp/goods_list', {}, opts)
export const profileForm = (goodsId: number, opts?: CallOptions) =>
  call('GET /base/profile/tp/listProfile', { query: { goodsId } }, opts)
export const profileDetail = (id: number, opts?: CallOptions) =>
  call('GET /base/profile/tp/:id', { params: { id } }, opts)
export const createProfile = (goodsId: number, values: ProfileValues, opts?: CallOptions) =>
  call('POST /base/profile/tp', { body: { goodsId, values } }, opts)
export const editProfile = (id: number, values: ProfileValues, opts?: CallOptions) =>
  call('POST /base/profile/tp/edit', { body: { id, values } }, opts)

export const stampInfo = (goodsId: number, opts?: CallOptions) =>
  call('GET /base/profileStamp/getInfo', { query: { goodsId } }, opts)
/** First copy of the words (with the signature's URL: the V2 call); later changes go through edit. */
export function copyWords(profileId: number, words: string, signatureUrl: string | undefined, first: boolean) {
  if (!first) return call('POST /base/profileStamp/edit', { body: { profileId, words, signatureUrl } })
  return signatureUrl
    ? call('POST /base/profileStamp/V2/addWord', { body: { profileId, words, signatureUrl } })
    : call('POST /base/profileStamp/addWord', { body: { profileId, words } })
}
export const stampProfile = (profileId: number) => call('POST /base/profileStamp', { body: { profileId } })
