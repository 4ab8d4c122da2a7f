import { useCallback, useRef, useState } from 'react'

export interface Page<T> {
  rows: T[]
  total: number
}

export type PagedStatus = 'loading' | 'ready' | 'error'

/**
 * A paged list driven by page events: reload() fetches page 1 (a newer reload wins over an older one
 * still in flight), loadMore() appends the next page until `total` rows are shown.
 */
export function usePaged<T>(fetchPage: (pageNum: number, pageSize: number) => Promise<Page<T>>, pageSize = 10) {
  const [rows, setRows] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  const [status, setStatus] = useState<PagedStatus>('loading')
  const [more, setMore] = useState<'idle' | 'loading' | 'error'>('idle')
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage
  const seq = useRef(0)
  const pageRef = useRef(0)
  const busy = useRef(false)
  const shown = useRef({ count: 0, total: 0, ready: false })

  /** quiet: keep the current rows on screen (pull-down refresh) instead of the skeleton */
  const reload = useCallback(
    async (quiet = false) => {
      const my = ++seq.current
      busy.current = false
      setMore('idle')
      if (!quiet) {
        shown.current.ready = false
        setStatus('loading')
      }
      try {
        const page = await fetchRef.current(1, pageSize)
        if (my !== seq.current) return
        pageRef.current = 1
        shown.current = { count: page.rows.length, total: page.total, ready: true }
        setRows(page.rows)
        setTotal(page.total)
        setStatus('ready')
      } catch {
        if (my !== seq.current) return
        if (!quiet || !shown.current.ready) {
          shown.current.ready = false
          setStatus('error')
        }
      }
    },
    [pageSize],
  )

  const loadMore = useCallback(async () => {
    const s = shown.current
    if (busy.current || !s.ready || s.count >= s.total) return
    busy.current = true
    const my = seq.current
    const next = pageRef.current + 1
    setMore('loading')
    try {
      const page = await fetchRef.current(next, pageSize)
      if (my !== seq.current) return
      pageRef.current = next
      shown.current = { count: s.count + page.rows.length, total: page.total, ready: true }
      // an empty page means the list shrank under us: stop asking
      if (page.rows.length === 0) shown.current.total = shown.current.count
      setRows((prev) => [...prev, ...page.rows])
      setTotal(shown.current.total)
      setMore('idle')
    } catch {
      if (my === seq.current) setMore('error')
    } finally {
      if (my === seq.current) busy.current = false
    }
  }, [pageSize])

  return { rows, total, status, more, reload, loadMore, done: rows.length >= total }
}
