export interface ShareInfo {
  title: string
  /** page path without the query, e.g. '/pages3/course/detail' */
  page: string
  query: Record<string, string | number | undefined | null>
}

/** Query string of a share: empty values are left out (e.g. a learner without an invite code). */
export function shareQuery(info: ShareInfo): string {
  return Object.entries(info.query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')
}

export function sharePath(info: ShareInfo): string {
  const q = shareQuery(info)
  return q ? `${info.page}?${q}` : info.page
}
