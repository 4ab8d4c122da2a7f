/**
 * Types the app derives from the contract. Type-only: importing this file brings no zod runtime.
 */
import type { z } from 'zod'
import type { RouteKey } from './routes'
import type { ImplementedKey, Schemas } from './schemas'

export type { RouteKey } from './routes'

/** Every response: success is code 200. */
export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

type Field<K, F extends 'query' | 'params' | 'body'> = K extends ImplementedKey
  ? Schemas[K] extends Record<F, infer S extends z.ZodType>
    ? z.input<S>
    : never
  : unknown

/** What a caller passes: params fill `:segments`, query goes to the URL, body is the JSON body. */
export type RouteInput<K extends RouteKey> = {
  [F in 'query' | 'params' | 'body' as Field<K, F> extends never ? never : F]: Field<K, F>
}

/** The envelope's `data` of a route. */
export type RouteData<K extends RouteKey> = K extends ImplementedKey ? z.output<Schemas[K]['data']> : unknown

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
