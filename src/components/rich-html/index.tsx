import { RichText } from '@tarojs/components'
import { useMemo } from 'react'

/** Fit images and tables to the screen; the HTML itself is sanitised by the server. */
export function fitHtml(html: string): string {
  return html
    .replace(/<img\b/gi, '<img style="max-width:100%;height:auto;display:block;"')
    .replace(/<table\b/gi, '<table style="max-width:100%;"')
}

/** Server-sanitised HTML through Taro's RichText. */
export default function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const nodes = useMemo(() => fitHtml(html || ''), [html])
  return <RichText className={`rich-html ${className}`.trim()} nodes={nodes} />
}
