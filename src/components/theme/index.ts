import { useBrand } from '@/services/tenant/brand'
import { applyRootTheme, themeStyle } from './root'
import { themeVars } from './vars'

/**
 * Root style of every page. The colour is the brand of the tenant the app runs for (src/services/tenant/brand.ts),
 * known at run time: H5 sets the variables once on the document (./root.h5.ts), so every page, the tab bar and
 * NutUI's widgets follow the host's tenant, and `themeStyle` adds nothing; weapp has no document root, so
 * `themeStyle` carries them on each page's root view (./root.weapp.ts).
 */
export { themeStyle, themeVars }

/** The brand's primary colour, re-rendering when it changes (for colours that are not CSS: icons, canvas). */
export function usePrimary(): string {
  return useBrand((s) => s.brand.primary)
}

applyRootTheme(useBrand.getState().brand.primary)
useBrand.subscribe((s, prev) => {
  if (s.brand.primary !== prev.brand.primary) applyRootTheme(s.brand.primary)
})
