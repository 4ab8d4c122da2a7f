import type { CSSProperties } from 'react'
import { tenantConfig } from '@/services/tenant/config'

/** Root style of every page: the tenant's primary colour as the --primary CSS variable. */
export const themeStyle = { '--primary': tenantConfig.theme.primary } as CSSProperties

export const primaryColor = tenantConfig.theme.primary
