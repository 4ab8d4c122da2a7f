import { freshPglite } from './helpers'
import { wechatSuite } from './wechat-suite'

wechatSuite('PGlite', freshPglite)
