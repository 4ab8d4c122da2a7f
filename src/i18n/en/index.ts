/** The whole en catalogue; on H5 it is its own chunk, loaded only when a learner chooses English. */
import type { MessageKey } from '../index'
import common from './common'
import pages from './pages'

const en: Record<MessageKey, string> = { ...common, ...pages }

export default en
