/** Fields that name an upload against PostgreSQL (skipped visibly when DATABASE_URL_TEST does not answer). */
import { onPostgres } from './postgres'
import { uploadFieldsSuite } from './upload-fields-suite'

await onPostgres('upload_fields', uploadFieldsSuite)
