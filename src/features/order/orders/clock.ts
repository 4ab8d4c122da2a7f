import { useEffect, useRef } from 'react'
import { getSysTime } from '@/services/api/common'
import { useApp } from '@/store/app'

/** Server 'now' in Unix seconds: the device clock corrected by the offset to the server's clock (spec sysTime). */
export function useServerNow(): () => number {
  const offset = useRef(0)
  useEffect(() => {
    const asked = Date.now() / 1000
    getSysTime({ noLoading: true, silent: true })
      .then((s) => {
        const answered = Date.now() / 1000
        offset.current = s - (asked + answered) / 2
        useApp.setState({ sysTime: s })
      })
      .catch(() => undefined)
  }, [])
  return () => Date.now() / 1000 + offset.current
}
