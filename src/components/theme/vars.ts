import type { CSSProperties } from 'react'

/**
 * The tenant's primary colour as CSS variables: --primary, and NutUI's theme variables so its widgets (tabs
 * line, indicator, buttons) follow the tenant's colour too.
 */
export function themeVars(primary: string): CSSProperties {
  return {
    '--primary': primary,
    '--nutui-color-primary': primary,
    '--nutui-color-primary-stop-1': primary,
    '--nutui-color-primary-stop-2': primary,
  } as CSSProperties
}
