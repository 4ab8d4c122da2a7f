/** H5: the theme variables live on <body> (app.scss declares the defaults there), set when the brand is known. */
import type { CSSProperties } from 'react'
import { themeVars } from './vars'
// the system modal's confirm button in the brand colour (H5 draws it WeChat green)
import './h5-modal.scss'

export const themeStyle: CSSProperties = {}

export function applyRootTheme(primary: string): void {
  if (typeof document === 'undefined' || !document.body) return
  for (const [name, value] of Object.entries(themeVars(primary))) document.body.style.setProperty(name, String(value))
}
