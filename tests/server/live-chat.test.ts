/** The live chat server on PGlite (the suite: live-chat-suite.ts; PostgreSQL: live-chat.pg.test.ts). */
import { freshPglite } from './helpers'
import { liveChatSuite } from './live-chat-suite'

liveChatSuite('PGlite', freshPglite)
