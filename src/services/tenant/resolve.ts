// Taro picks resolve.h5.ts / resolve.weapp.ts at build time; tools without a platform (vitest) get H5.
export { resolveTenantId, tenantHost } from './resolve.h5'
