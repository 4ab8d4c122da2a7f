/** routeKey -> handler, merged from every domain module (the learner's calls and the staff desk's). */
import type { Handlers } from '../http/core'
import { handlers as account } from './account'
import { handlers as answer } from './answer'
import { handlers as answerStaff } from './answer/staff'
import { handlers as apply } from './apply'
import { handlers as bank } from './bank'
import { handlers as captcha } from './captcha'
import { handlers as common } from './common'
import { handlers as consoleCalls } from './console'
import { handlers as consultation } from './consultation'
import { handlers as exam } from './exam'
import { handlers as inform } from './inform'
import { handlers as informStaff } from './inform/staff'
import { handlers as learn } from './learn'
import { handlers as live } from './live'
import { handlers as livePoints } from './live/points'
import { handlers as liveStaff } from './live/staff'
import { handlers as lock } from './lock'
import { handlers as note } from './note'
import { handlers as order } from './order'
import { handlers as plan } from './plan'
import { handlers as profile } from './profile'
import { handlers as profileStaff } from './profile/staff'
import { handlers as scan } from './scan'
import { handlers as school } from './school'
import { handlers as cart } from './shop/cart'
import { handlers as catalogue } from './shop/catalogue'
import { handlers as sms } from './sms'
import { handlers as upload } from './upload'
import { handlers as user } from './user'
import { handlers as wechat } from './wechat'

export const handlers: Handlers = {
  ...common,
  ...consultation,
  ...captcha,
  ...sms,
  ...account,
  ...user,
  ...lock,
  ...catalogue,
  ...cart,
  ...order,
  ...bank,
  ...upload,
  ...learn,
  ...exam,
  ...inform,
  ...apply,
  ...live,
  ...livePoints,
  ...profile,
  ...note,
  ...plan,
  ...answer,
  ...school,
  ...scan,
  ...wechat,
  // ---- the school staff's calls (contract/staff.ts) ----
  ...consoleCalls,
  ...informStaff,
  ...profileStaff,
  ...answerStaff,
  ...liveStaff,
}
