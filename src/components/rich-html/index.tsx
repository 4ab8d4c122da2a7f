import { RichText } from '@tarojs/components'
import { useMemo } from 'react'
import { tenantConfig } from '@/services/tenant/config'

/**
 * Fit images and tables to the screen; the HTML itself is sanitised by the server. Images with a root-relative
 * `src` (the server's own, e.g. `/static-assets/…`) get the tenant's image base, as `imageUrl` does: on weapp
 * that is the API origin, on H5 the page's own origin (empty base).
 */
export function fitHtml(html: string, imageBase = tenantConfig.imageBase): string {
  return html
    .replace(/(<img\b[^>]*?\ssrc=")(\/(?!\/))/gi, (_, head: string, slash: string) => `${head}${imageBase}${slash}`)
    .replace(/<img\b/gi, '<img style="max-width:100%;height:auto;display:block;"')
    .replace(/<table\b/gi, '<table style="max-width:100%;"')
}

/** Server-sanitised HTML through Taro's RichText. */
export default function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const nodes = useMemo(() => fitHtml(html || ''), [html])
  return <RichText className={`rich-html ${className}`.trim()} nodes={nodes} />
}
