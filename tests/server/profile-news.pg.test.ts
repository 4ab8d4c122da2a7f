/** The news / profile / ranking suite against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { onPostgres } from './postgres'
import { profileNewsSuite } from './profile-news-suite'

await onPostgres('profile_news', profileNewsSuite)
