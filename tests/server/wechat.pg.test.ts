/** The WeChat suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { onPostgres } from './postgres'
import { wechatSuite } from './wechat-suite'

await onPostgres('wechat', wechatSuite)
