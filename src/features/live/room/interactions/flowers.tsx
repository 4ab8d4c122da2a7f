/** Flowers float up over the chat for every bunch sent in the room (issue 14). */
import { View } from '@tarojs/components'
import Flower from 'lucide/dist/esm/icons/flower-2.mjs'
import { useEffect, useRef, useState } from 'react'
import Icon from '@/components/icon'
import type { LiveClient } from '@/features/live'

/** Flowers float up over the chat for every bunch sent in the room. */
export function FlowerBurst({ client }: { client: LiveClient | null }) {
  const [flowers, setFlowers] = useState<{ id: number; x: number }[]>([])
  const seq = useRef(0)
  useEffect(() => {
    if (!client) return
    return client.onEvent((e) => {
      if (e.type !== 'flowers') return
      const id = ++seq.current
      setFlowers((f) => [...f.slice(-5), { id, x: 10 + ((id * 37) % 60) }])
    })
  }, [client])
  useEffect(() => {
    if (flowers.length === 0) return
    const t = setTimeout(() => setFlowers((f) => f.slice(1)), 1600)
    return () => clearTimeout(t)
  }, [flowers])
  if (flowers.length === 0) return null
  return (
    <View className="lv-flower-layer">
      {flowers.map((f) => (
        <View key={f.id} className="lv-flower-float" style={{ right: `${f.x}px` }}>
          <Icon glyph={Flower} className="lv-flower-icon" />
        </View>
      ))}
    </View>
  )
}
