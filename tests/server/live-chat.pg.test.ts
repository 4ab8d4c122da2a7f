/** The live chat server against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { liveChatSuite } from './live-chat-suite'
import { onPostgres } from './postgres'

await onPostgres('live_chat', liveChatSuite)
