// Taro picks scan-panel.h5.tsx / scan-panel.weapp.tsx at build time (same extension as this file: Taro tries
// `<name>.<platform><ext>` before `<name><ext>` for each extension in turn); tsc and vitest get H5.
export { POLL_MS, prefersScanLogin, ScanPanel, scanLoginAvailable, scanTabLabel } from './scan-panel.h5'
