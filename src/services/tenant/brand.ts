/**
 * The tenant's brand (name, primary colour, logo) at run time. One H5 build serves every tenant's host, so the
 * brand comes from the tenant the host resolves to: the server's config row `tenant.brand` (loaded at launch,
 * src/app.tsx), remembered per host (`tenant_brand`) so the next visit paints in the right colours at once. On H5
 * the page the server sends carries its host's brand too (`window.__TENANT_BRANDS__`), so even a first visit paints
 * in that school's colours from the first frame. The build tenant's file (./config.ts) is only the first paint: of
 * a weapp bundle (one tenant per bundle), and of the H5 site where the page carries no brand (localhost, an IP, a
 * host no school owns). A host seen for the first time without it shows no school name until its brand arrives
 * rather than another school's.
 */
import { create } from 'zustand'
import { storage } from '../storage'
import { tenantConfig } from './config'
import { tenantHost } from './resolve'

export interface Brand {
  name: string
  /** #rrggbb */
  primary: string
  /** image path or URL, '' for none */
  logo: string
}

/** The config key of the brand row the server composes (server/src/modules/common). */
export const BRAND_CONFIG_KEY = 'tenant.brand'

const HEX_COLOUR = /^#[0-9a-f]{6}$/i
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

export const buildBrand: Brand = {
  name: tenantConfig.displayName,
  primary: tenantConfig.theme.primary,
  logo: tenantConfig.logo,
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/**
 * The brand in a parsed config map: the `tenant.brand` row, else the spec's `home.header` companyName and
 * `home.mobile` theme (a server without the brand row); each part missing or malformed stays that of `base`.
 */
export function brandFromConfig(config: Record<string, unknown>, base: Brand): Brand {
  const b = obj(config[BRAND_CONFIG_KEY])
  const mobile = obj(config['home.mobile'])
  const colour = [str(b.primary), str(obj(mobile.theme).primary)].find((c) => HEX_COLOUR.test(c))
  const logo = typeof b.logo === 'string' ? b.logo : typeof mobile.logo === 'string' ? mobile.logo : base.logo
  return {
    name: str(b.name) || str(obj(config['home.header']).companyName) || base.name,
    primary: colour ?? base.primary,
    logo: logo.trim(),
  }
}

type BrandCache = Record<string, Brand>

function isBrand(v: unknown): v is Brand {
  if (!v || typeof v !== 'object') return false
  const b = v as Record<string, unknown>
  return typeof b.name === 'string' && typeof b.primary === 'string' && HEX_COLOUR.test(b.primary)
}

/** the brand the server wrote into index.html for the page's host (server/src/http/h5-page.ts), if any */
function seededBrand(host: string): Record<string, unknown> | undefined {
  const seeds = (globalThis as { __TENANT_BRANDS__?: unknown }).__TENANT_BRANDS__
  const b = seeds && typeof seeds === 'object' ? (seeds as Record<string, unknown>)[host] : undefined
  return b && typeof b === 'object' ? (b as Record<string, unknown>) : undefined
}

/**
 * What the first frame shows on this host: the brand the page carries (H5, from the server: the freshest), else its
 * remembered brand, else the build tenant's (without a name elsewhere). Without the page's brand a host seen for the
 * first time would be painted in the build tenant's colour until the config arrives.
 */
export function firstBrand(host = tenantHost()): Brand {
  const cached = storage.get<BrandCache>('tenant_brand')?.[host]
  const known: Brand = isBrand(cached)
    ? { ...cached, logo: typeof cached.logo === 'string' ? cached.logo : '' }
    : host === tenantConfig.fallbackHost
      ? buildBrand
      : { ...buildBrand, name: '' }
  const seeded = seededBrand(host)
  return seeded ? brandFromConfig({ [BRAND_CONFIG_KEY]: seeded }, known) : known
}

interface BrandState {
  brand: Brand
  /** the brand of this host from the loaded config map; remembered for the next visit */
  setFromConfig: (config: Record<string, unknown>) => void
}

export const useBrand = create<BrandState>()((set, get) => ({
  brand: firstBrand(),
  setFromConfig: (config) => {
    const current = get().brand
    const next = brandFromConfig(config, current)
    const cache = storage.get<BrandCache>('tenant_brand') ?? {}
    storage.set('tenant_brand', { ...cache, [tenantHost()]: next })
    if (next.name !== current.name || next.primary !== current.primary || next.logo !== current.logo)
      set({ brand: next })
  },
}))

/** The brand now (outside React). */
export const currentBrand = (): Brand => useBrand.getState().brand
