/** Upload calls (docs/DECISIONS.md "Uploads"); the upload itself (compress, post, callback) is src/services/upload. */
import type { RouteData } from '../../../contract/types'
import { type CallOptions, call } from './call'

export type UploadPolicy = RouteData<'GET /aliyun/oss/policy'>

/** A signed POST policy for the learner's image (1) or document (0) dir. */
export function uploadPolicy(imageStatus: 0 | 1 = 1, opts?: CallOptions) {
  return call('GET /aliyun/oss/policy', { query: { imageStatus: imageStatus === 1 ? '1' : '0' } }, opts)
}
