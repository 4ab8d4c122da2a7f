/**
 * Mini-program: no document root to set variables on, so every page root carries them. The getters read the
 * brand when the page renders (the build tenant's until the launch config arrives).
 */
import type { CSSProperties } from 'react'
import { useBrand } from '@/services/tenant/brand'
import { inkOf, rgbOf } from './vars'

const primary = () => useBrand.getState().brand.primary

export const themeStyle = {
  get '--primary'() {
    return primary()
  },
  get '--primary-ink'() {
    return inkOf(primary())
  },
  get '--primary-rgb'() {
    return rgbOf(primary())
  },
  get '--nutui-color-primary'() {
    return primary()
  },
  get '--nutui-color-primary-stop-1'() {
    return primary()
  },
  get '--nutui-color-primary-stop-2'() {
    return primary()
  },
} as CSSProperties

export function applyRootTheme(_primary: string): void {}
