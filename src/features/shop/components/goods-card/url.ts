import type { MessageKey } from '@/i18n'
import { GOODS_TYPE } from '../../../../../contract/schemas/codes'

/**
 * Where a goods opens. Packages open jydetail: the package ("精选" bundle) detail page, which lists the
 * goods inside the package and compares the package price with buying them one by one. Courses,
 * question banks and live classes open the goods detail page.
 */
export function goodsUrl(goodsType: number, goodsId: number): string {
  return goodsType === GOODS_TYPE.package
    ? `/pages3/course/jydetail?id=${goodsId}`
    : `/pages3/course/detail?id=${goodsId}`
}

const TYPE_KEYS: Record<number, MessageKey> = {
  1: 'shop.type.1',
  2: 'shop.type.2',
  3: 'shop.type.3',
  4: 'shop.type.4',
}

export function goodsTypeKey(goodsType: number): MessageKey {
  return TYPE_KEYS[goodsType] ?? 'shop.type.all'
}

/** The price label: server cents formatted, or 'free'. */
export function isFreePrice(price: number, isFree?: boolean): boolean {
  return isFree === true || price <= 0
}
