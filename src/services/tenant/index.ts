import { resolveTenantId } from './resolve'

/** The tenant id every request carries in `tenant-id` (H5: by page host; weapp: from the tenant file). */
export function getTenantId(): Promise<string> {
  return resolveTenantId()
}
