/**
 * Messages to a learner (spec "messages"; /app/informUser*): every event a learner should hear about writes one row
 * here, through this one door. The messages page lists them; `informSum` of /app/user/infoAttached counts the unread.
 */
import type { Db } from '../db'
import { informUser } from '../db/schema'
import type { TenantScope } from '../http/core'

export const INFORM_KINDS = [
  'welcome',
  'order',
  'refund',
  'invoice',
  'exam',
  'certificate',
  'answer',
  'plan',
  'identity',
  'notice',
] as const
export type InformKind = (typeof INFORM_KINDS)[number]

export interface InformMessage {
  kind: InformKind
  title: string
  content: string
  /** an app route the message opens, e.g. `/pages2/order/index` */
  link?: string
}

/** Write one message to one learner of the scope's tenant. `db` may be a transaction. */
export async function notify(db: Db, scope: TenantScope, userId: number, msg: InformMessage): Promise<void> {
  await db.insert(informUser).values(
    scope.row({
      userId,
      kind: msg.kind,
      title: msg.title.slice(0, 200),
      content: msg.content,
      link: (msg.link ?? '').slice(0, 300),
    }),
  )
}
