/** H5: the en catalogue is a lazy chunk, so the first load carries Chinese only. */
export const loadEn = () => import(/* webpackChunkName: "i18n-en" */ '../../shared/i18n/en').then((m) => m.default)
