import { freshPglite } from './helpers'
import { profileNewsSuite } from './profile-news-suite'

profileNewsSuite('PGlite', freshPglite)
