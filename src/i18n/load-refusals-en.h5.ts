/** H5: the server's refusals in en (added by ./sub.ts) are their own chunk, loaded when English is chosen. */
export const loadRefusalsEn = () =>
  import(/* webpackChunkName: "i18n-refusals-en" */ '../../shared/i18n/en/refusals').then((m) => m.default)
