/**
 * Types the app (and the console) derive from the contract. Type-only: importing this file brings no zod runtime.
 */
import type { z } from 'zod'
import type { ApiKey } from './api'
import type { ImplementedKey, Schemas } from './schemas'

export type { ApiKey } from './api'
export type { RouteKey } from './routes'

/**
 * Every response: success is code 200. A refusal also names its text in the shared catalogue
 * (shared/i18n/*\/refusals.ts): `key`, and the values of its `{name}` placeholders, `vars`; `msg` is that text in
 * the language the request named (for old clients and logs).
 */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
  key?: string
  vars?: Record<string, string>
}

type Field<K, F extends 'query' | 'params' | 'body'> = K extends ImplementedKey
  ? Schemas[K] extends Record<F, infer S extends z.ZodType>
    ? z.input<S>
    : never
  : unknown

/** What a caller passes: params fill `:segments`, query goes to the URL, body is the JSON body. */
export type RouteInput<K extends ApiKey> = {
  [F in 'query' | 'params' | 'body' as Field<K, F> extends never ? never : F]: Field<K, F>
}

/** The envelope's `data` of a route. */
export type RouteData<K extends ApiKey> = K extends ImplementedKey ? z.output<Schemas[K]['data']> : unknown

export type LoginResult = RouteData<'POST /app/common/account_login'>
export type UserInfo = RouteData<'GET /app/user/getInfo'>
export type InfoAttached = RouteData<'GET /app/user/infoAttached'>
export type ConfigRow = RouteData<'GET /app/common/config'>[number]
export type DictRow = RouteData<'GET /app/common/system/dict/data/list'>[number]
export type Advert = RouteData<'GET /app/common/base/advertising/homeLocation'>[number]
export type HomeItem = RouteData<'GET /app/common/base/home/list'>[number]
export type Consultation = RouteData<'GET /app/consultation/list'>['rows'][number]
export type ConsultationDetail = RouteData<'GET /app/consultation/details/:id'>
export interface Page<T> {
  rows: T[]
  total: number
}
