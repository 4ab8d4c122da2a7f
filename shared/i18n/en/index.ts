/** The whole en catalogue of the app's main package; on H5 it is its own chunk, loaded only when a learner chooses English. */
import type zhCommon from '../zh-CN/common'
import type zhPages from '../zh-CN/pages'
import common from './common'
import pages from './pages'

const en: Record<keyof typeof zhCommon | keyof typeof zhPages, string> = { ...common, ...pages }

export default en
