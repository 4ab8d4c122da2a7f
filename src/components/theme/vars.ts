import type { CSSProperties } from 'react'
import { inkOf, rgbOf } from '../../../shared/rules/brand'

export { inkOf, rgbOf }

/**
 * The tenant's primary colour as CSS variables: --primary, its readable shade --primary-ink, its channels
 * --primary-rgb (tints), and NutUI's theme variables so its widgets (tabs line, indicator, buttons) follow the
 * tenant's colour too. Stylesheets use these variables for anything in the brand and never write a school's colour
 * themselves, not even as a `var()` fallback: one build serves every school (docs/DECISIONS.md "Brand colours on
 * every element"); app.scss holds the only defaults.
 */
export function themeVars(primary: string): CSSProperties {
  return {
    '--primary': primary,
    '--primary-ink': inkOf(primary),
    '--primary-rgb': rgbOf(primary),
    '--nutui-color-primary': primary,
    '--nutui-color-primary-stop-1': primary,
    '--nutui-color-primary-stop-2': primary,
  } as CSSProperties
}
