// Taro picks scan-entry.h5.tsx / scan-entry.weapp.tsx at build time (same extension as this file: Taro tries
// `<name>.<platform><ext>` before `<name><ext>` for each extension in turn); tsc and vitest get H5.
export { ScanEntry } from './scan-entry.h5'
