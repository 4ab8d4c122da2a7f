import type { CSSProperties } from 'react'
import { tenantConfig } from '@/services/tenant/config'

const primary = tenantConfig.theme.primary

/**
 * Root style of every page: the tenant's primary colour as the --primary CSS variable, and as NutUI's
 * theme variables so its widgets (tabs line, indicator, buttons) follow the tenant's colour too.
 */
export const themeStyle = {
  '--primary': primary,
  '--nutui-color-primary': primary,
  '--nutui-color-primary-stop-1': primary,
  '--nutui-color-primary-stop-2': primary,
} as CSSProperties

export const primaryColor = primary
